//! The report view: verdict banner, changes grouped by severity (a run of alike changes as one
//! expandable line, as the engine's text report groups them), suppressed changes with their
//! reasons, and input errors. Everything shown comes from the engine's report, as the worker
//! prepared it for display (values as short text, hidden characters made visible).
import { el, replace } from "./dom.js";
import { SEVERITY_ORDER, severityLabel } from "./severity.js";
import { visible } from "./visible.js";

/** Changes rendered per task: enough to fill the screen at once, few enough to stay far below 50 ms. */
const RENDER_CHUNK = 120;
const INPUT_NAMES = {
  old: "Old snapshot",
  new: "New snapshot",
  config: "Config",
  options: "Options",
  engine: "Engine",
};

function badge(severity) {
  return el("span", { class: `badge sev-${severity}`, dataset: { severity } }, severity.replace(/_/g, " "));
}

function values(change) {
  const hasOld = change.old !== undefined;
  const hasNew = change.new !== undefined;
  if (!hasOld && !hasNew) return null;
  return el(
    "p",
    { class: "values" },
    hasOld ? el("code", { class: "old", title: "old value" }, change.old) : el("span", { class: "absent" }, "(absent)"),
    el("span", { class: "arrow", "aria-label": "becomes" }, " → "),
    hasNew ? el("code", { class: "new", title: "new value" }, change.new) : el("span", { class: "absent" }, "(absent)"),
  );
}

/**
 * The witness under a BREAKING schema change: the call that was valid and is now rejected (or the
 * result now allowed that the old schema rejected), with a button that copies it; or why the
 * engine could not build one.
 */
function witness(change) {
  const w = change.witness;
  if (!w) return null;
  if (w.unavailable) return el("p", { class: "witness none" }, el("strong", {}, "No witness: "), w.unavailable);
  const lead = w.input
    ? "this call was valid and is now rejected"
    : "this result is now allowed and the old schema rejected it";
  const copy = el("button", { class: "copy", type: "button", title: "Copy the witness as JSON" }, "Copy");
  copy.addEventListener("click", () => {
    const done = (text) => {
      copy.textContent = text;
      setTimeout(() => (copy.textContent = "Copy"), 1500);
    };
    navigator.clipboard?.writeText(w.json).then(
      () => done("Copied"),
      () => done("Copy failed"),
    );
  });
  return el(
    "div",
    { class: "witness", "aria-label": "Witness" },
    el("p", {}, el("strong", {}, "e.g. "), `${lead} (`, el("code", {}, w.keyword), ` at ${w.at}):`),
    el("pre", {}, el("code", {}, w.shown)),
    copy,
  );
}

const percent = (score) => `${Math.round(Number(score) * 100)}%`;
const quoted = (text) => `“${visible(String(text))}”`;
const listed = (items) => (Array.isArray(items) && items.length ? items.map(quoted).join(", ") : "none");

/** A readable line per known part of the prose classifier's reasoning; other parts are named plainly. */
function detailLines(details) {
  const lines = [];
  const { step, reason, charSimilarity, tokenOverlap, markers, sentence, ...rest } = details;
  if (reason !== undefined)
    lines.push(["Reasoning", `${visible(String(reason))}${step !== undefined ? ` (step ${step})` : ""}`]);
  if (charSimilarity !== undefined || tokenOverlap !== undefined) {
    const parts = [];
    if (charSimilarity !== undefined) parts.push(`${percent(charSimilarity)} of characters`);
    if (tokenOverlap !== undefined) parts.push(`${percent(tokenOverlap)} of words`);
    lines.push(["Similarity", `the texts share ${parts.join(" and ")}`]);
  }
  if (markers && typeof markers === "object") {
    lines.push(["Key words", `removed ${listed(markers.removed)}; added ${listed(markers.added)}`]);
  }
  if (sentence && typeof sentence === "object") {
    const before = sentence.old ?? "";
    const after = sentence.new ?? "";
    const what = !before
      ? `added: ${quoted(after)}`
      : !after
        ? `removed: ${quoted(before)}`
        : `${quoted(before)} became ${quoted(after)}`;
    lines.push([`Sentence ${Number(sentence.index) + 1}`, what]);
  }
  for (const [key, value] of Object.entries(rest)) {
    if (value === null || typeof value === "object") continue;
    lines.push([key.replace(/([a-z])([A-Z])/g, "$1 $2").replace(/^./, (c) => c.toUpperCase()), visible(String(value))]);
  }
  return lines;
}

function details(change) {
  if (!change.details || typeof change.details !== "object") return null;
  const lines = detailLines(change.details);
  if (lines.length === 0) return null;
  return el(
    "dl",
    { class: "details", "aria-label": "How the severity was decided" },
    lines.map(([term, text]) => [el("dt", {}, term), el("dd", {}, text)]),
  );
}

function changeItem(change, index, kind, handlers) {
  const overridden = change.severity !== change.defaultSeverity;
  return el(
    "li",
    {
      class: "change",
      dataset: {
        index,
        kind,
        rule: change.rule,
        severity: change.severity,
        search:
          `${change.rule} ${change.entity.kind} ${change.entity.name} ${change.location} ${change.message}`.toLowerCase(),
      },
    },
    el(
      "button",
      {
        class: "locate",
        type: "button",
        title: "Show this change in both editors",
        onclick: () => handlers.onSelect(kind, index),
      },
      badge(change.severity),
      el("span", { class: "message" }, change.message),
    ),
    el(
      "p",
      { class: "meta" },
      el(
        "button",
        {
          class: "rule-link",
          type: "button",
          title: "What this rule means",
          onclick: () => handlers.onRule(change.rule),
        },
        change.rule,
      ),
      el("span", { class: "entity" }, `${change.entity.kind} `, el("strong", {}, change.entity.name)),
      overridden ? el("span", { class: "overridden" }, `overridden from ${change.defaultSeverity}`) : null,
    ),
    el("p", { class: "location" }, el("code", {}, change.location)),
    values(change),
    witness(change),
    change.note ? el("p", { class: "note" }, el("strong", {}, "Note: "), change.note) : null,
    handlers.decidedBy?.(change.rule) === "prose"
      ? el("p", { class: "decided" }, "Severity decided by the prose classifier, which read the old and new text.")
      : null,
    details(change),
    kind === "suppressed"
      ? el("p", { class: "reason" }, el("strong", {}, "Suppressed: "), change.reason || "(no reason given)")
      : null,
  );
}

/**
 * A run of alike changes as the engine's text report words it ("480 resources removed: a, b, c,
 * … and 477 more"), a disclosure that lists each of its changes (`list`, filled as they render).
 */
function runItem(run, first, list) {
  return el(
    "li",
    { class: "run", dataset: { rule: first.rule, severity: first.severity, start: run.start, count: run.count } },
    el(
      "details",
      {},
      el(
        "summary",
        { title: `List each of the ${run.count} changes` },
        badge(first.severity),
        el(
          "span",
          { class: "run-text" },
          el("span", { class: "message" }, run.headline),
          el("span", { class: "run-matches" }),
          el("span", { class: "listing" }, run.listing),
          el("code", { class: "run-rule" }, first.rule),
        ),
      ),
      list,
    ),
  );
}

function banner(report) {
  const { verdict, counts, suppressed, text } = report.summary;
  const title = { fail: "Fail", warn: "Warn", pass: "Pass" }[verdict] ?? verdict;
  return el(
    "div",
    { class: `banner verdict-${verdict}`, dataset: { verdict } },
    el(
      "p",
      { class: "verdict-line" },
      el("span", { class: "verdict-word" }, title),
      el("span", { class: "verdict-text" }, text.replace(/^(FAIL|WARN|PASS):\s*/, "")),
    ),
    el(
      "ul",
      { class: "counts", "aria-label": "Changes per severity" },
      SEVERITY_ORDER.map((severity) =>
        el("li", {}, badge(severity), el("span", { class: "count" }, String(counts[severity] ?? 0))),
      ),
      el(
        "li",
        {},
        el("span", { class: "badge suppressed-badge" }, "SUPPRESSED"),
        el("span", { class: "count" }, String(suppressed)),
      ),
    ),
  );
}

/**
 * Shows only the changes that match `filter` ({severity, text}: text is looked for in the rule id,
 * entity kind and name, location and message); says how many show. Sections and runs left empty
 * are hidden; a run with a match for the text is opened (and closed again when the text is
 * cleared, unless it was opened by hand).
 */
export function applyFilter(root, filter) {
  let total = 0;
  let showing = 0;
  for (const item of root.querySelectorAll(".change")) {
    const match =
      (!filter.severity || item.dataset.severity === filter.severity) &&
      (!filter.text || item.dataset.search.includes(filter.text));
    item.hidden = !match;
    total++;
    if (match) showing++;
  }
  for (const run of root.querySelectorAll(".run")) {
    const matches = run.querySelectorAll(".change:not([hidden])").length;
    run.hidden = matches === 0;
    const details = run.querySelector("details");
    run.querySelector(".run-matches").textContent =
      filter.severity || filter.text ? ` (${matches} of ${run.dataset.count} match)` : "";
    if (filter.text && matches && !details.open) {
      details.open = true;
      run.dataset.openedByFilter = "true";
    } else if (!filter.text && run.dataset.openedByFilter) {
      details.open = false;
      delete run.dataset.openedByFilter;
    }
  }
  for (const group of root.querySelectorAll(".group")) group.hidden = !group.querySelector(".change:not([hidden])");
  const count = document.querySelector("#filter-count");
  const filtering = Boolean(filter.severity || filter.text);
  if (count) count.textContent = filtering ? `Showing ${showing} of ${total}` : "";
  // A filter that hides every change says so where the changes were, not only in the count.
  root.querySelector(".filter-empty")?.remove();
  if (filtering && total > 0 && showing === 0) {
    const what = [
      filter.severity && `severity ${filter.severity.replace(/_/g, " ")}`,
      filter.text && `“${visible(filter.text)}”`,
    ];
    root.append(
      el(
        "p",
        { class: "filter-empty", role: "status" },
        `No change matches the filter (${what.filter(Boolean).join(" and ")}); clear it to see all ${total}.`,
      ),
    );
  }
}

/**
 * Renders `report` into `root`, the first chunk of changes at once and the rest in later tasks;
 * resolves to true once every change is listed (false when a newer render replaced this one).
 * Handlers: onSelect(kind, index), onRule(ruleId), decidedBy(ruleId) → the rule's decider token,
 * filter ({severity, text}) to apply, onFirstChunk() once the report is first on screen.
 */
export async function renderReport(root, report, handlers) {
  const token = (root.renderToken = (root.renderToken ?? 0) + 1);
  const queue = [];
  // The engine's runs of alike changes (`groups` of its report), by the index of their first
  // change, where the run's line stands; its other changes (`indices`) need not be next to it.
  const runs = report.groups ?? [];
  const runsAt = new Map(runs.map((run) => [run.start, run]));
  const inRun = new Set(runs.flatMap((run) => run.indices));
  const list = (items, kind) => {
    const ol = el("ol", { class: "changes" });
    const byIndex = new Map(items.map((item) => [item.index, item]));
    for (const item of items) {
      const run = kind === "change" ? runsAt.get(item.index) : undefined;
      if (!run) {
        // A change of a run is listed in the run, which stands at its first change.
        if (kind !== "change" || !inRun.has(item.index)) queue.push({ ol, ...item, kind });
        continue;
      }
      const inner = el("ol", { class: "changes" });
      // In its place among the section's changes, which are appended as they render.
      queue.push({ ol, node: runItem(run, item.change, inner) });
      for (const index of run.indices) {
        const member = byIndex.get(index);
        if (member) queue.push({ ol: inner, ...member, kind });
      }
    }
    return ol;
  };
  const groups = SEVERITY_ORDER.map((severity) => ({
    severity,
    items: report.changes
      .map((change, index) => ({ change, index }))
      .filter(({ change }) => change.severity === severity),
  })).filter((group) => group.items.length);
  const sections = groups.map(({ severity, items }) =>
    el(
      "section",
      { class: "group", dataset: { severity } },
      el(
        "h3",
        {},
        badge(severity),
        ` ${severityLabel(severity)} `,
        el("span", { class: "group-count" }, `(${items.length})`),
      ),
      list(items, "change"),
    ),
  );
  const none =
    report.changes.length === 0
      ? el(
          "p",
          { class: "empty" },
          report.suppressed.length
            ? "Every change was suppressed by the config."
            : "No changes: the two snapshots have the same contract.",
        )
      : null;
  const suppressed = report.suppressed.length
    ? el(
        "details",
        { class: "suppressed", open: report.changes.length === 0 },
        el("summary", {}, `Suppressed by the config (${report.suppressed.length})`),
        list(
          report.suppressed.map((change, index) => ({ change, index })),
          "suppressed",
        ),
      )
    : null;
  const compared = el(
    "p",
    { class: "compared" },
    `Compared: ${report.summary.compared.length ? report.summary.compared.join(", ") : "nothing (no section present in both snapshots)"}`,
  );
  // The first screenfuls now, the rest a chunk per task: a thousand changes never make one long task.
  let next = 0;
  const fill = () => {
    const end = Math.min(next + RENDER_CHUNK, queue.length);
    for (; next < end; next++) {
      const { ol, node, change, index, kind } = queue[next];
      ol.append(node ?? changeItem(change, index, kind, handlers));
    }
  };
  fill();
  replace(root, banner(report), none, sections, suppressed, compared);
  root.dataset.state = "report";
  root.dataset.complete = String(next === queue.length);
  handlers.onFirstChunk?.();
  while (next < queue.length) {
    await new Promise((resolve) => setTimeout(resolve, 0));
    if (root.renderToken !== token) return false;
    fill();
  }
  root.dataset.complete = "true";
  if (handlers.filter) applyFilter(root, handlers.filter);
  return true;
}

/**
 * Renders an input error (bad JSON/YAML, bad snapshot shape, bad config) in place of the report;
 * with `onJump`, clicking the banner (or its button) moves the cursor to the error.
 */
export function renderError(root, error, where, { onJump = null, onConfigFormat = null } = {}) {
  const position = where ? ` (${where})` : "";
  // A config error points to the config format: here, a button that shows it.
  const configFormat = onConfigFormat
    ? el(
        "button",
        {
          type: "button",
          class: "small",
          id: "error-config-format",
          onclick: (event) => {
            event.stopPropagation();
            onConfigFormat();
          },
        },
        "Config format",
      )
    : null;
  replace(
    root,
    el(
      "div",
      {
        class: `banner verdict-error${onJump ? " jumps" : ""}`,
        role: "alert",
        title: onJump ? "Show the error in its editor" : null,
        onclick: onJump,
      },
      el(
        "p",
        { class: "verdict-line" },
        el("span", { class: "verdict-word" }, "Error"),
        el("span", { class: "verdict-text" }, `${INPUT_NAMES[error.input] ?? error.input}${position}`),
      ),
      el("p", { class: "error-message" }, visible(error.message)),
      onJump || configFormat
        ? el(
            "p",
            { class: "error-actions" },
            onJump
              ? el("button", { type: "button", class: "small jump", id: "jump-to-error" }, "Show in the editor")
              : null,
            configFormat,
          )
        : null,
    ),
  );
  root.dataset.state = "error";
}
