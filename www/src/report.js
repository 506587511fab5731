//! The report view: verdict banner, changes grouped by severity, suppressed changes with their
//! reasons, and input errors. Everything shown comes from the engine's report object.
import { el, replace } from "./dom.js";
import { SEVERITY_ORDER, severityLabel } from "./severity.js";

const INPUT_NAMES = {
  old: "Old snapshot",
  new: "New snapshot",
  config: "Config",
  options: "Options",
  engine: "Engine",
};
const VALUE_LIMIT = 240;

/** A compact one-line rendering of a compared value, cut at VALUE_LIMIT characters. */
function valueText(value) {
  const text = typeof value === "string" ? JSON.stringify(value) : (JSON.stringify(value) ?? String(value));
  return text.length > VALUE_LIMIT ? `${text.slice(0, VALUE_LIMIT)}…` : text;
}

function badge(severity) {
  return el("span", { class: `badge sev-${severity}`, dataset: { severity } }, severity.replace(/_/g, " "));
}

function values(change) {
  const hasOld = "old" in change;
  const hasNew = "new" in change;
  if (!hasOld && !hasNew) return null;
  return el(
    "p",
    { class: "values" },
    hasOld
      ? el("code", { class: "old", title: "old value" }, valueText(change.old))
      : el("span", { class: "absent" }, "(absent)"),
    el("span", { class: "arrow", "aria-label": "becomes" }, " → "),
    hasNew
      ? el("code", { class: "new", title: "new value" }, valueText(change.new))
      : el("span", { class: "absent" }, "(absent)"),
  );
}

function details(change) {
  if (!change.details || typeof change.details !== "object") return null;
  const entries = Object.entries(change.details);
  if (entries.length === 0) return null;
  return el(
    "dl",
    { class: "details" },
    entries.map(([key, value]) => [
      el("dt", {}, key),
      el("dd", {}, typeof value === "string" ? value : JSON.stringify(value)),
    ]),
  );
}

function changeItem(change, index, kind, handlers) {
  const overridden = change.severity !== change.defaultSeverity;
  return el(
    "li",
    { class: "change", dataset: { index, kind, rule: change.rule, severity: change.severity } },
    el(
      "button",
      {
        class: "locate",
        type: "button",
        title: "Show this change in both editors",
        onclick: () => handlers.onSelect(change, kind, index),
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
    change.note ? el("p", { class: "note" }, el("strong", {}, "Note: "), change.note) : null,
    details(change),
    kind === "suppressed"
      ? el("p", { class: "reason" }, el("strong", {}, "Suppressed: "), change.reason || "(no reason given)")
      : null,
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

/** Renders `report` into `root`; handlers: onSelect(change, kind, index), onRule(ruleId). */
export function renderReport(root, report, handlers) {
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
      el(
        "ol",
        { class: "changes" },
        items.map(({ change, index }) => changeItem(change, index, "change", handlers)),
      ),
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
        el(
          "ol",
          { class: "changes" },
          report.suppressed.map((change, index) => changeItem(change, index, "suppressed", handlers)),
        ),
      )
    : null;
  const compared = el(
    "p",
    { class: "compared" },
    `Compared: ${report.summary.compared.length ? report.summary.compared.join(", ") : "nothing (no section present in both snapshots)"}`,
  );
  replace(root, banner(report), none, sections, suppressed, compared);
  root.dataset.state = "report";
}

/** Renders an input error (bad JSON/YAML, bad snapshot shape, bad config) in place of the report. */
export function renderError(root, error, where) {
  const position = where ? ` (${where})` : "";
  replace(
    root,
    el(
      "div",
      { class: "banner verdict-error", role: "alert" },
      el(
        "p",
        { class: "verdict-line" },
        el("span", { class: "verdict-word" }, "Error"),
        el("span", { class: "verdict-text" }, `${INPUT_NAMES[error.input] ?? error.input}${position}`),
      ),
      el("p", { class: "error-message" }, error.message),
    ),
  );
  root.dataset.state = "error";
}
