//! The playground's state and wiring: three editor texts in, one engine run in the worker
//! (debounced; a paste runs at once), the report out, and the links between them (highlights,
//! markers, examples, files, sharing, saving, filters).
import { el, replace } from "./dom.js";
import { startEngine } from "./engine.js";
import { applyFilter, renderError, renderReport } from "./report.js";
import { SEVERITY_ORDER, severityLabel, useSeverities } from "./severity.js";
import { SHARE_LIMIT, exampleFromHash, looksLikeStateFile } from "./share.js";
import { loadSaved } from "./store.js";
import { visible } from "./visible.js";

const DEBOUNCE_MS = 250;
const DEFAULT_EXAMPLE = "corpus:github-mcp-server/020-list_issues";
const DEFAULT_CONFIG = `# Config (YAML), optional. For example:
# severity_overrides:
#   tool.description.changed: DOCUMENTATION
# ignore:
#   - rule: tool.input.property.added
#     reason: "New optional inputs are fine here."
# fail_on: BREAKING
`;
/**
 * The config example the "Config format" dialog shows (README.md's "Config" section): every key,
 * with rule ids the engine knows. The browser tests check the engine accepts it.
 */
const CONFIG_EXAMPLE = `severity_overrides:
  tool.annotations.safetyWeakened: BREAKING
  tool.output.enum.widened: POTENTIALLY_BREAKING
ignore:
  - rule: tool.icons.changed
  - rule: tool.description.changed
    entity: legacy_*            # glob over the entity's name (tool name, prompt name, uri, …)
    reason: "Legacy tools are being rewritten; churn is expected."
fail_on: BREAKING               # lowest severity that fails CI (default BREAKING; none never fails)
warn_on: POTENTIALLY_BREAKING   # lowest severity that warns (default POTENTIALLY_BREAKING)
`;

/**
 * The download's file name and type per report format: each format its own name, so two
 * downloads never overwrite each other (text and github are both plain text).
 */
const FORMAT_FILES = {
  text: ["mcp-contract-report.txt", "text/plain"],
  json: ["mcp-contract-report.json", "application/json"],
  markdown: ["mcp-contract-report.md", "text/markdown"],
  sarif: ["mcp-contract-report.sarif", "application/sarif+json"],
  github: ["mcp-contract-report-github.txt", "text/plain"],
  junit: ["mcp-contract-report-junit.xml", "application/xml"],
};
/** A format the page does not know yet still gets a name of its own. */
const formatFile = (format) => FORMAT_FILES[format] ?? [`mcp-contract-report-${format}.txt`, "text/plain"];

const $ = (selector) => document.querySelector(selector);
const reportRoot = $("#report");
const status = $("#status");
const busy = $("#busy");
// On a phone the status line is fixed at the bottom of the screen, two lines tall or more: the
// footer reserves its real height (style.css, --status-height) so it never covers the footer.
new ResizeObserver(() =>
  document.documentElement.style.setProperty(
    "--status-height",
    `${Math.ceil(status.getBoundingClientRect().height)}px`,
  ),
).observe(status);
const ruleDialog = $("#rule-dialog");
const ruleLoad = $("#rule-load");
const examplesMenu = $("#examples");

/**
 * Shows or hides the editors (a phone's "Hide the snapshots and config" button; on a wide
 * screen the button is not shown and the editors always are).
 */
function showInputs(shown) {
  const toggle = $("#inputs-toggle");
  $("#inputs").toggleAttribute("data-collapsed", !shown);
  toggle.setAttribute("aria-expanded", String(shown));
  toggle.textContent = shown ? "Hide the snapshots and config" : "Show the snapshots and config";
}
const replaceDialog = $("#replace-dialog");
const undoExample = $("#undo-example");

let engine = null;
let rulesById = new Map();
let examples = [];
let timer = 0;
let firstReport = true;
/** Set while text is loaded programmatically, so the load is not mistaken for an edit. */
let loading = false;
/** Bumped on every edit: a result for an older generation is stale and not shown. */
let generation = 0;
let running = false;
let rerun = false;
/** What the report shows: `{report, ranges}` of the last run, or null. */
let shown = null;
/** Whether the next run's texts are the user's own work, to keep for the next visit. */
let saveNext = false;
/** Said before the next report's summary (what was restored, why a link was not followed). */
let notice = "";
/** The example the editors hold unchanged, or null: any other texts are not to be lost unasked. */
let loadedExample = null;
/** The texts an example replaced, which "Undo example" puts back; null when there are none. */
let replaced = null;
/** Until the first texts are in the editors (see setState). */
let starting = true;
/** Resolves in a later task: what is done after it is a task of its own. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

// Dark mode follows the system setting, editors included.
const darkQuery = matchMedia("(prefers-color-scheme: dark)");

/** Takes `text` if it starts as a state file does (all three inputs); false when it does not. */
const onDropText = (text, name) => {
  if (!looksLikeStateFile(text)) return false;
  openStateFile({ text }, name);
  return true;
};

/** Opens a state file (`{file}` or `{text}`), read and parsed in the engine's worker. */
async function openStateFile(source, name) {
  const { state } = await engine.openState(source);
  if (!state) {
    say(`${name} is not a playground state file.`);
    return;
  }
  announce(`Opened the state file ${name}.`);
  setState(state);
}

const editors = {};
const EDITORS = [
  ["old", { label: "Old snapshot (JSON or YAML)", onMarkerClick: (items) => revealChange(nextOnLine(items)) }],
  ["new", { label: "New snapshot (JSON or YAML)", onMarkerClick: (items) => revealChange(nextOnLine(items)) }],
  ["config", { label: "Config (YAML)", language: "yaml" }],
];

/**
 * Makes the three editors while the engine loads, each in a task of its own, after CodeMirror
 * (editors.js, a chunk of its own) has been evaluated in another: evaluated with the page's
 * module and made as it ran, they were one task of 100-130 ms (issue 38 item 4).
 */
async function createEditors() {
  const { createEditor } = await import("./editors.js");
  for (const [key, options] of EDITORS) {
    await nextTask();
    editors[key] = createEditor($(`#editor-${key}`), {
      ...options,
      dark: darkQuery.matches,
      onChange: (change) => edited(change),
      onDropText,
    });
  }
}

darkQuery.addEventListener("change", () => {
  for (const editor of Object.values(editors)) editor.setDark(darkQuery.matches);
});

const currentState = () => ({
  old: editors.old.getText(),
  new: editors.new.getText(),
  config: editors.config.getText(),
});

/** Puts `message` on the status line; text from the inputs in it is made visible first. */
function say(message) {
  status.textContent = visible(message);
}

/** Says `message` now and keeps it in front of the summary the next run shows. */
function announce(message) {
  notice = notice ? `${notice} ${message}` : message;
  say(notice);
}

function edited({ whole } = {}) {
  if (loading) return;
  generation++;
  saveNext = true;
  // The texts are the user's own now: no example, no link describes them any more.
  examplesMenu.value = "";
  loadedExample = null;
  if (location.hash) history.replaceState(null, "", location.pathname + location.search);
  clearTimeout(timer);
  timer = setTimeout(run, whole ? 0 : DEBOUNCE_MS);
}

/**
 * Replaces all three texts and runs. `save`: the result is the user's work (a swap, an opened
 * state file); a link, an example or the restored last visit is not saved over it. While the
 * page starts, each text goes in in a task of its own (CodeMirror lays out the previous editor's
 * text when the next one's arrives: the three in one task were 50-80 ms of the first load);
 * otherwise all at once, and the returned promise is already settled.
 */
async function setState(state, { save = true } = {}) {
  saveNext = save;
  loadedExample = null;
  loading = true;
  try {
    for (const key of ["old", "new", "config"]) {
      editors[key].setText(state[key] ?? "");
      if (starting && key !== "config") await nextTask();
    }
  } finally {
    loading = false;
  }
  generation++;
  clearTimeout(timer);
  run();
}

function errorWhere(error) {
  if (error.line !== null) return `line ${error.line}, column ${error.column}`;
  if (error.pointer !== null) return `at ${error.pointer || "the top level"}`;
  return "";
}

function errorRange(error) {
  const editor = editors[error.input];
  if (!editor) return null;
  if (error.line !== null) {
    const at = editor.offsetAt(error.line, error.column ?? 1);
    return { from: at, to: at + 1 };
  }
  if (error.range) return { from: error.range.keyFrom, to: error.range.to };
  return { from: 0, to: 0 };
}

/** The texts the worker has, by editor: only the others are sent with the next run. */
const sent = { old: null, new: null, config: null };

/** The texts changed since the worker last saw them (the worker saves them for the next visit). */
function changedTexts() {
  const changed = {};
  for (const key of Object.keys(sent)) {
    const text = editors[key].getText();
    if (text !== sent[key]) changed[key] = sent[key] = text;
  }
  return changed;
}

/** Runs the engine on the current texts; a run asked for while one is going waits for it. */
async function run() {
  if (!engine) return;
  if (running) {
    rerun = true;
    return;
  }
  running = true;
  setBusy(true);
  const runFor = generation;
  let result;
  try {
    const save = saveNext;
    saveNext = false;
    result = await engine.run(changedTexts(), save);
  } catch (error) {
    result = {
      error: { input: "engine", message: error.message, detail: error.message, pointer: null, line: null },
    };
  }
  running = false;
  if (runFor === generation) show(result);
  // An edit during the run either asked for another run already or has a timer that will.
  if (rerun) {
    rerun = false;
    run();
  }
}

async function show(result) {
  for (const editor of Object.values(editors)) {
    editor.showError(null);
    editor.highlight(null);
  }
  const said = notice;
  notice = "";
  if (result.error) {
    shown = null;
    reportRoot.renderToken = (reportRoot.renderToken ?? 0) + 1;
    const range = errorRange(result.error);
    editors[result.error.input]?.showError(range && { ...range, message: visible(result.error.message) });
    editors.old.mark([]);
    editors.new.mark([]);
    renderError(reportRoot, result.error, errorWhere(result.error), {
      onJump:
        range && editors[result.error.input]
          ? () => {
              showInputs(true);
              editors[result.error.input].focusAt(range.from);
            }
          : null,
      onConfigFormat: result.error.input === "config" ? showConfigFormat : null,
    });
    say(`${said ? `${said} ` : ""}Error in ${result.error.input}: ${result.error.detail}`);
    shownOnScreen();
    reportDone();
    return;
  }
  shown = result;
  const complete = await renderReport(reportRoot, result.report, {
    onSelect: selectChange,
    onRule: showRule,
    decidedBy: (rule) => rulesById.get(rule)?.decidedBy ?? null,
    filter: currentFilter(),
    onFirstChunk: () => {
      say(`${said ? `${said} ` : ""}${result.report.summary.text}`);
      shownOnScreen();
    },
  });
  if (!complete) return;
  for (const side of ["old", "new"]) {
    const marks = [];
    result.report.changes.forEach((change, index) => {
      const range = result.ranges.changes[index][side];
      if (range) marks.push({ pos: range.keyFrom, severity: change.severity, item: { kind: "change", index } });
    });
    editors[side].mark(marks);
  }
  reselect();
  reportDone();
}

/**
 * While a run is in flight the report on screen is the previous one: it is marked busy (dimmed,
 * `aria-busy`) and "Updating…" shows, until the new report or error replaces it.
 */
function setBusy(on) {
  reportRoot.setAttribute("aria-busy", String(on));
  busy.hidden = !on;
}

/** The report (or error) is on screen: the first one marks the page usable. */
function shownOnScreen() {
  setBusy(false);
  performance.mark("report-shown");
  if (firstReport) performance.mark("first-report");
}

/** Every change is listed and marked: tests and the benchmark wait for this. */
function reportDone() {
  if (firstReport) {
    firstReport = false;
    document.body.dataset.ready = "true";
  }
  document.body.dataset.runs = String(Number(document.body.dataset.runs ?? 0) + 1);
}

function currentFilter() {
  return {
    severity: $("#filter-severity")?.value ?? "",
    text: ($("#filter-text")?.value ?? "").trim().toLowerCase(),
  };
}

/** The change selected last: `{kind, index, rule, location}`, or null. A new report selects its
 * change with the same rule and location again, so the user's place survives an edit. */
let selected = null;

/**
 * Of the changes one gutter marker stands for, the one after the selected change: clicking a
 * marker again steps through every change on its line (a minified document has one line).
 */
function nextOnLine(items) {
  const at = items.findIndex((item) => item.kind === selected?.kind && item.index === selected?.index);
  return items[(at + 1) % items.length];
}

function selectChange(kind, index, { quiet = false } = {}) {
  if (!shown) return;
  const change = (kind === "change" ? shown.report.changes : shown.report.suppressed)[index];
  const ranges = (kind === "change" ? shown.ranges.changes : shown.ranges.suppressed)[index];
  selected = { kind, index, rule: change.rule, location: change.location };
  for (const node of reportRoot.querySelectorAll(".change.selected")) node.classList.remove("selected");
  reportRoot.querySelector(`.change[data-kind="${kind}"][data-index="${index}"]`)?.classList.add("selected");
  const lines = {};
  for (const side of ["old", "new"]) lines[side] = editors[side].highlight(ranges[side]);
  const describe = (side) => {
    if (!lines[side]) return `not in ${side}`;
    const [first, last, column] = lines[side];
    return column ? `${side} line ${first}, column ${column}` : `${side} lines ${first}–${last}`;
  };
  if (!quiet) say(`${change.rule}: ${describe("old")}, ${describe("new")}`);
}

/** After a new report: the change selected before, found again by its rule and location. */
function reselect() {
  if (!selected || !shown) return;
  const { kind, rule, location } = selected;
  const list = kind === "change" ? shown.report.changes : shown.report.suppressed;
  const index = list.findIndex((change) => change.rule === rule && change.location === location);
  if (index < 0) selected = null;
  else selectChange(kind, index, { quiet: true });
}

/** From a gutter marker to its change: select it and bring its entry in the report into view. */
function revealChange({ kind, index }) {
  selectChange(kind, index);
  const item = reportRoot.querySelector(`.change[data-kind="${kind}"][data-index="${index}"]`);
  const run = item?.closest("details");
  if (run) run.open = true;
  item?.scrollIntoView({ block: "nearest" });
}

function showRule(id) {
  const rule = rulesById.get(id);
  const body = $("#rule-body");
  if (!rule) {
    replace(body, el("h2", {}, id), el("p", {}, "This engine does not know this rule id."));
  } else {
    replace(
      body,
      el("h2", { id: "rule-title" }, el("code", {}, rule.id)),
      el(
        "p",
        { class: "rule-severity" },
        "Default severity: ",
        el("span", { class: `badge sev-${rule.severity}` }, rule.severity.replace(/_/g, " ")),
        rule.decidedBy === "prose" ? " (decided by the prose classifier, which reads the old and new text)" : null,
      ),
      el("p", { class: "rule-summary" }, rule.summary),
      el("h3", {}, "Why"),
      el("p", {}, rule.why),
      el("h3", {}, "What to do"),
      el("p", {}, rule.advice),
    );
  }
  ruleLoad.hidden = !rule;
  ruleLoad.dataset.example = rule ? `rule:${rule.id}` : "";
  showDialog();
}

/**
 * What a config may hold, with an example to copy or use: where "See the config format" in a
 * config error leads on this page. Severities are the engine's own.
 */
function showConfigFormat() {
  const code = (text) => el("code", {}, text);
  const list = (items) => items.flatMap((item, i) => [i ? ", " : null, code(item)]);
  replace(
    $("#rule-body"),
    el("h2", { id: "rule-title" }, "Config format"),
    el(
      "p",
      {},
      "The config is YAML (or JSON): the file the CLI reads as ",
      code(".mcp-contract.yaml"),
      " or with ",
      code("--config"),
      ". Every key is optional; an empty config, or one of comments only, is no config.",
    ),
    el(
      "dl",
      { class: "config-keys" },
      el("dt", {}, code("severity_overrides")),
      el("dd", {}, "Rule id → severity: that rule's changes are reported at this severity instead of its default."),
      el("dt", {}, code("ignore")),
      el(
        "dd",
        {},
        "A list of entries with ",
        code("rule"),
        " (an id or a glob over ids), optional ",
        code("entity"),
        " (a glob over the entity's name) and ",
        code("reason"),
        ". A change that matches is suppressed: listed apart with the reason, never dropped.",
      ),
      el("dt", {}, code("fail_on")),
      el("dd", {}, "The lowest severity that fails CI (default BREAKING; none never fails)."),
      el("dt", {}, code("warn_on")),
      el("dd", {}, "The lowest severity that warns (default POTENTIALLY_BREAKING)."),
    ),
    el("p", {}, "Severities: ", list(SEVERITY_ORDER), ". Thresholds also accept ", code("none"), "."),
    el(
      "p",
      {},
      "Rule ids: each change in the report names its rule; click it for what the rule means. ",
      "Unknown keys, rule ids and severities are errors that name their line.",
    ),
    el("h3", {}, "Example"),
    el("pre", { class: "config-example" }, code(CONFIG_EXAMPLE)),
  );
  ruleLoad.hidden = true;
  const use = el("button", { type: "button", class: "primary extra", id: "use-config-example" }, "Use this example");
  use.addEventListener("click", () => {
    ruleDialog.close();
    announce("Put the example config in the config editor.");
    editors.config.setText(CONFIG_EXAMPLE);
  });
  showDialog(use);
}

function showDialog(...extraButtons) {
  for (const node of ruleDialog.querySelectorAll(".extra")) node.remove();
  ruleDialog.querySelector(".dialog-actions").prepend(...extraButtons);
  ruleDialog.showModal();
}

/** Example files asked for before the engine was ready: `url` → the promise of its text. */
const prefetched = new Map();

/** The text at `url`, refusing what is not a snapshot: an error page, an HTML fallback. */
async function fetchText(url) {
  const early = prefetched.get(url);
  if (early) {
    prefetched.delete(url);
    return early;
  }
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status} ${response.statusText}`.trim());
  if (/text\/html/i.test(response.headers.get("content-type") ?? ""))
    throw new Error(`${url} is a web page, not a snapshot`);
  return response.text();
}

/**
 * Whether the editors' texts may be replaced by the example `title`: yes when they are an example
 * unchanged or empty; else the user is asked, with "Keep mine" first.
 */
async function mayReplace(title, own) {
  if (!own) return true;
  $("#replace-text").textContent =
    `The example “${title}” replaces the old and new snapshots in the editors. ` +
    "“Undo example” puts yours back afterwards.";
  replaceDialog.returnValue = "";
  replaceDialog.showModal();
  await new Promise((resolve) => replaceDialog.addEventListener("close", resolve, { once: true }));
  return replaceDialog.returnValue === "replace";
}

async function loadExample(id) {
  const example = examples.find((candidate) => candidate.id === id);
  if (!example) return false;
  const before = { old: editors.old.getText(), new: editors.new.getText(), config: editors.config.getText() };
  const kept = loadedExample;
  const own = Boolean(kept === null && (before.old.trim() || before.new.trim()));
  if (!(await mayReplace(example.title, own))) {
    examplesMenu.value = kept ?? "";
    say(`Kept your snapshots; the example ${example.title} was not loaded.`);
    return true;
  }
  examplesMenu.value = id;
  let pair = example;
  if (example.files) {
    say(`Loading ${example.title}…`);
    try {
      const [oldText, newText] = await Promise.all([example.files.old, example.files.new].map(fetchText));
      pair = { old: oldText, new: newText };
    } catch (error) {
      examplesMenu.value = "";
      const message = `Could not load the example ${example.title}: ${error.message}.`;
      say(`${message} The editors are unchanged.`);
      if (firstReport) {
        // Nothing is shown yet: say so where the report would be, and let the user paste.
        replace(
          reportRoot,
          el(
            "div",
            { class: "banner verdict-error", role: "alert" },
            el(
              "p",
              { class: "error-message" },
              `${message} Paste or drop your own snapshots, or choose another example.`,
            ),
          ),
        );
        reportRoot.dataset.state = "error";
        firstReport = false;
        document.body.dataset.ready = "true";
      }
      return true;
    }
  }
  await setState({ old: pair.old, new: pair.new, config: editors.config.getText() || DEFAULT_CONFIG }, { save: false });
  loadedExample = id;
  if (own) replaced = before;
  undoExample.hidden = !replaced;
  history.replaceState(null, "", `#example=${encodeURIComponent(id)}`);
  return true;
}

function fillExamplesMenu() {
  const groups = new Map();
  for (const example of examples) {
    if (!groups.has(example.group)) groups.set(example.group, []);
    groups.get(example.group).push(example);
  }
  replace(
    examplesMenu,
    el("option", { value: "" }, examples.length ? "Choose an example…" : "No examples available"),
    [...groups].map(([group, items]) =>
      el(
        "optgroup",
        { label: group },
        items.map((example) => el("option", { value: example.id, title: example.description }, example.title)),
      ),
    ),
  );
}

/** Loads what the URL fragment names; `problem` says why a link could not be followed. */
async function restoreFromHash() {
  const hash = location.hash;
  const { state: shared, problem } = await engine.decodeLink(hash);
  if (problem) return { restored: false, problem: `${problem} Showing your last work or an example instead.` };
  if (shared) {
    examplesMenu.value = "";
    announce("Restored the shared state from the link.");
    await setState(shared, { save: false });
    return { restored: true };
  }
  const exampleId = exampleFromHash(hash);
  if (!exampleId) return { restored: false };
  if (await loadExample(exampleId)) return { restored: true };
  return { restored: false, problem: `There is no example named ${exampleId}; showing another one.` };
}

async function loadDefault() {
  const saved = await loadSaved();
  if (saved) {
    announce("Restored your work from the last visit.");
    await setState(saved, { save: false });
    return;
  }
  const fallback = examples.find((example) => example.id === DEFAULT_EXAMPLE) ?? examples[0];
  if (fallback) await loadExample(fallback.id);
  else await setState({ old: "{}", new: "{}", config: DEFAULT_CONFIG }, { save: false });
}

async function copyText(text, done) {
  try {
    await navigator.clipboard.writeText(text);
    say(done);
  } catch {
    showCopyFallback(text);
  }
}

/** When the clipboard is not available, show the text selected so it can be copied by hand. */
function showCopyFallback(text) {
  const area = el("textarea", { class: "copy-area", readonly: true, "aria-label": "Text to copy" });
  area.value = text;
  replace($("#rule-body"), el("h2", {}, "Copy this"), area);
  ruleLoad.hidden = true;
  showDialog();
  area.select();
}

/** Downloads `content` (text, or a Blob made elsewhere) as the file `name`. */
function download(name, content, type) {
  const url = URL.createObjectURL(content instanceof Blob ? content : new Blob([content], { type }));
  const link = el("a", { href: url, download: name, hidden: true });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

async function downloadState() {
  const { file } = await engine.stateFile(changedTexts());
  download("mcp-contract-playground.json", file);
  say("State file downloaded. Open it again with “Open state…” or by dropping it on an editor.");
}

/** Refuses a link that is too long, and offers the state file instead. */
function refuseLink(length) {
  const size = (n) => n.toLocaleString("en");
  replace(
    $("#rule-body"),
    el("h2", { id: "share-too-big" }, "Too big for a link"),
    el(
      "p",
      {},
      `A link to this state would be ${size(length)} characters long; browsers open links reliably only up to ${size(SHARE_LIMIT)}. `,
      "Download the state as a file instead: it holds all three inputs, and anyone can open it here with “Open state…” or by dropping it on an editor. Nothing is uploaded.",
    ),
  );
  ruleLoad.hidden = true;
  const button = el(
    "button",
    { type: "button", class: "primary extra", id: "download-state-offer" },
    "Download state file",
  );
  button.addEventListener("click", () => {
    ruleDialog.close();
    downloadState();
  });
  showDialog(button);
  say(
    `Not copied: the link would be ${size(length)} characters (limit ${size(SHARE_LIMIT)}). Download the state file instead.`,
  );
}

async function share() {
  const { hash } = await engine.share(changedTexts());
  const link = location.origin + location.pathname + location.search + hash;
  if (link.length > SHARE_LIMIT) {
    refuseLink(link.length);
    return;
  }
  history.replaceState(null, "", hash);
  await copyText(
    link,
    `Share link copied (${link.length.toLocaleString("en")} characters). It holds all three inputs; nothing is uploaded.`,
  );
}

async function renderAs(format) {
  const result = await engine.render(changedTexts(), format);
  if (result.error) {
    say(`Cannot render the report: ${result.error.message}`);
    return null;
  }
  return result.text;
}

async function formatEditor(side) {
  const result = await engine.format(changedTexts(), side);
  if (result.error) {
    say(result.error);
    return;
  }
  announce(`Formatted the ${side} snapshot.`);
  editors[side].setText(result.text);
}

function wireControls() {
  examplesMenu.addEventListener("change", () => examplesMenu.value && loadExample(examplesMenu.value));
  $("#inputs-toggle").addEventListener("click", () => showInputs($("#inputs").hasAttribute("data-collapsed")));
  $("#share").addEventListener("click", share);
  $("#copy-markdown").addEventListener("click", async () => {
    const text = await renderAs("markdown");
    if (text !== null) copyText(text, "Report copied as Markdown.");
  });
  $("#download-report").addEventListener("click", async () => {
    const format = $("#report-format").value;
    const text = await renderAs(format);
    if (text === null) return;
    const [name, type] = formatFile(format);
    download(name, text, type);
    say(`Report downloaded as ${format}.`);
  });
  $("#swap").addEventListener("click", () => {
    const state = currentState();
    announce("Swapped the old and new snapshots.");
    setState({ old: state.new, new: state.old, config: state.config });
  });
  $("#download-state").addEventListener("click", downloadState);
  $("#config-format").addEventListener("click", showConfigFormat);
  for (const button of document.querySelectorAll("[data-format]")) {
    button.addEventListener("click", () => formatEditor(button.dataset.format));
  }
  const picker = $("#file-picker");
  let target = "old";
  for (const button of document.querySelectorAll("[data-open]")) {
    button.addEventListener("click", () => {
      target = button.dataset.open;
      picker.value = "";
      picker.click();
    });
  }
  picker.addEventListener("change", async () => {
    const file = picker.files?.[0];
    if (!file) return;
    if (target === "state") {
      await openStateFile({ file }, file.name);
    } else {
      const text = await file.text();
      if (!onDropText(text, file.name)) editors[target].setText(text);
    }
  });
  for (const id of ["#filter-severity", "#filter-text"]) {
    $(id).addEventListener("input", () => applyFilter(reportRoot, currentFilter()));
  }
  ruleDialog.addEventListener("click", (event) => event.target === ruleDialog && ruleDialog.close());
  $("#replace-yes").addEventListener("click", () => replaceDialog.close("replace"));
  $("#replace-keep").addEventListener("click", () => replaceDialog.close("keep"));
  undoExample.addEventListener("click", () => {
    if (!replaced) return;
    const state = replaced;
    replaced = null;
    undoExample.hidden = true;
    examplesMenu.value = "";
    if (location.hash) history.replaceState(null, "", location.pathname + location.search);
    announce("Put back the snapshots the example replaced.");
    setState(state);
  });
  $("#rule-close").addEventListener("click", () => ruleDialog.close());
  ruleLoad.addEventListener("click", () => {
    ruleDialog.close();
    loadExample(ruleLoad.dataset.example);
  });
  window.addEventListener("hashchange", async () => {
    const { problem } = await restoreFromHash();
    if (problem) announce(problem);
  });
}

async function loadExamples() {
  try {
    return (await (await fetch("examples.json")).json()).examples ?? [];
  } catch {
    say("The examples could not be loaded; paste or drop your own snapshots.");
    return [];
  }
}

/** Starts fetching the files of the example the link names, while the engine loads. */
function prefetchLinkedExample(list) {
  const example = list.find((candidate) => candidate.id === exampleFromHash(location.hash));
  for (const url of example?.files ? [example.files.old, example.files.new] : []) {
    const text = fetchText(url);
    text.catch(() => {}); // reported when loadExample awaits it
    prefetched.set(url, text);
  }
}

async function start() {
  const examplesLoaded = loadExamples();
  examplesLoaded.then(prefetchLinkedExample);
  const engineLoaded = startEngine();
  await createEditors();
  wireControls();
  engine = await engineLoaded;
  performance.mark("engine-ready");
  $("#engine-version").textContent = engine.version;
  useSeverities(engine.meta.severities);
  $("#filter-severity").append(...SEVERITY_ORDER.map((id) => el("option", { value: id }, severityLabel(id))));
  $("#report-format").append(...engine.meta.formats.map(({ id }) => el("option", { value: id }, id)));
  rulesById = new Map(engine.rules.map((rule) => [rule.id, rule]));
  examples = await examplesLoaded;
  fillExamplesMenu();
  const { restored, problem } = await restoreFromHash();
  if (problem) announce(problem);
  if (!restored) await loadDefault();
  starting = false;
}

start().catch((error) => {
  document.body.dataset.failed = "true";
  replace(
    reportRoot,
    el(
      "div",
      { class: "banner verdict-error", role: "alert" },
      el("p", {}, `The playground failed to start: ${error.message}`),
    ),
  );
});
