//! The playground's state and wiring: three editor texts in, one engine run (debounced), the
//! report out, and the links between them (highlights, markers, examples, files, sharing).
import { el, replace } from "./dom.js";
import { createEditor } from "./editors.js";
import { loadEngine } from "./engine.js";
import { JsonIndex, locate, looksLikeJson } from "./locator.js";
import { renderError, renderReport } from "./report.js";
import { decodeState, encodeState, exampleFromHash } from "./share.js";

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

const $ = (selector) => document.querySelector(selector);
const reportRoot = $("#report");
const status = $("#status");
const ruleDialog = $("#rule-dialog");
const ruleLoad = $("#rule-load");
const examplesMenu = $("#examples");

let engine = null;
let rulesById = new Map();
let examples = [];
let timer = 0;
let firstReport = true;
/** Set while text is loaded programmatically, so the load is not mistaken for an edit. */
let loading = false;

const editors = {
  old: createEditor($("#editor-old"), {
    label: "Old snapshot (JSON or YAML)",
    onChange: () => edited(),
    onMarkerClick: (items) => revealChange(items[0]),
  }),
  new: createEditor($("#editor-new"), {
    label: "New snapshot (JSON or YAML)",
    onChange: () => edited(),
    onMarkerClick: (items) => revealChange(items[0]),
  }),
  config: createEditor($("#editor-config"), { label: "Config (YAML)", language: "yaml", onChange: () => edited() }),
};

const currentState = () => ({
  old: editors.old.getText(),
  new: editors.new.getText(),
  config: editors.config.getText(),
});

function say(message) {
  status.textContent = message;
}

function edited() {
  if (loading) return;
  if (location.hash) history.replaceState(null, "", location.pathname + location.search);
  clearTimeout(timer);
  timer = setTimeout(run, DEBOUNCE_MS);
}

function setState(state) {
  loading = true;
  try {
    for (const key of ["old", "new", "config"]) editors[key].setText(state[key] ?? "");
  } finally {
    loading = false;
  }
  clearTimeout(timer);
  run();
}

/** One index per text, reused for every pointer of a report. */
const indexCache = new Map();
function rangeOf(side, pointer) {
  const text = editors[side].getText();
  if (!looksLikeJson(text)) return locate(text, pointer);
  let index = indexCache.get(side);
  if (!index || index.text !== text) indexCache.set(side, (index = new JsonIndex(text)));
  return locate(text, pointer, index);
}

/** A change's pointer into one side's input, or null when the change does not exist there. */
const pointerOf = (change, side) => change[`${side}Pointer`] ?? null;

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
  if (error.pointer !== null) return rangeOf(error.input, error.pointer);
  return { from: 0, to: 0 };
}

function run() {
  if (!engine) return;
  const result = engine.run(currentState());
  for (const editor of Object.values(editors)) {
    editor.showError(null);
    editor.highlight(null);
  }
  if (result.error) {
    const range = errorRange(result.error);
    editors[result.error.input]?.showError(range && { ...range, message: result.error.message });
    editors.old.mark([]);
    editors.new.mark([]);
    renderError(reportRoot, result.error, errorWhere(result.error));
    say(`Error in ${result.error.input}: ${result.error.detail}`);
  } else {
    renderReport(reportRoot, result.report, { onSelect: selectChange, onRule: showRule });
    for (const side of ["old", "new"]) {
      const marks = result.report.changes
        .map((change, index) => ({ change, index, pointer: pointerOf(change, side) }))
        .filter(({ pointer }) => pointer !== null)
        .map(({ change, index, pointer }) => ({
          pos: rangeOf(side, pointer)?.from ?? 0,
          severity: change.severity,
          item: { change, index },
        }));
      editors[side].mark(marks);
    }
    say(result.report.summary.text);
  }
  if (firstReport) {
    firstReport = false;
    performance.mark("first-report");
    document.body.dataset.ready = "true";
  }
}

function selectChange(change, kind, index) {
  for (const node of reportRoot.querySelectorAll(".change.selected")) node.classList.remove("selected");
  reportRoot.querySelector(`.change[data-kind="${kind}"][data-index="${index}"]`)?.classList.add("selected");
  const lines = {};
  for (const side of ["old", "new"]) {
    const pointer = pointerOf(change, side);
    lines[side] = editors[side].highlight(pointer === null ? null : rangeOf(side, pointer));
  }
  const describe = (side) => (lines[side] ? `${side} lines ${lines[side][0]}–${lines[side][1]}` : `not in ${side}`);
  say(`${change.rule}: ${describe("old")}, ${describe("new")}`);
}

/** From a gutter marker to its change: select it and bring its entry in the report into view. */
function revealChange({ change, index }) {
  selectChange(change, "change", index);
  reportRoot.querySelector(`.change[data-kind="change"][data-index="${index}"]`)?.scrollIntoView({ block: "nearest" });
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
        rule.decidedBy === "prose" ? " (decided by reading the prose)" : null,
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
  ruleDialog.showModal();
}

async function loadExample(id) {
  const example = examples.find((candidate) => candidate.id === id);
  if (!example) return false;
  examplesMenu.value = id;
  let pair = example;
  if (example.files) {
    say(`Loading ${example.title}…`);
    const [oldText, newText] = await Promise.all(
      [example.files.old, example.files.new].map((url) => fetch(url).then((response) => response.text())),
    );
    pair = { old: oldText, new: newText };
  }
  setState({ old: pair.old, new: pair.new, config: editors.config.getText() || DEFAULT_CONFIG });
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
    el("option", { value: "" }, "Choose an example…"),
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
  let shared;
  try {
    shared = await decodeState(hash);
  } catch (error) {
    return {
      restored: false,
      problem: `This share link could not be read (${error.message}); showing an example instead.`,
    };
  }
  if (shared) {
    examplesMenu.value = "";
    setState(shared);
    say("Restored the shared state from the link.");
    return { restored: true };
  }
  const exampleId = exampleFromHash(hash);
  if (!exampleId) return { restored: false };
  if (await loadExample(exampleId)) return { restored: true };
  return { restored: false, problem: `There is no example named ${exampleId}; showing another one.` };
}

async function loadDefault() {
  const fallback = examples.find((example) => example.id === DEFAULT_EXAMPLE) ?? examples[0];
  if (fallback) await loadExample(fallback.id);
  else setState({ old: "{}", new: "{}", config: DEFAULT_CONFIG });
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
  ruleDialog.showModal();
  area.select();
}

function wireControls() {
  examplesMenu.addEventListener("change", () => examplesMenu.value && loadExample(examplesMenu.value));
  $("#share").addEventListener("click", async () => {
    const hash = await encodeState(currentState());
    history.replaceState(null, "", hash);
    await copyText(
      location.href,
      `Share link copied (${location.href.length} characters). It holds all three inputs; nothing is uploaded.`,
    );
  });
  $("#copy-markdown").addEventListener("click", () => {
    const result = engine.markdown(currentState());
    if (result.error) {
      const unknown = /format/i.test(result.error.detail) && result.error.input === "options";
      say(
        unknown
          ? "This engine build cannot render Markdown yet; use the JSON or text report from the CLI."
          : `Cannot render the report: ${result.error.message}`,
      );
      return;
    }
    copyText(result.text, "Report copied as Markdown.");
  });
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
    if (file) editors[target].setText(await file.text());
  });
  ruleDialog.addEventListener("click", (event) => event.target === ruleDialog && ruleDialog.close());
  $("#rule-close").addEventListener("click", () => ruleDialog.close());
  ruleLoad.addEventListener("click", () => {
    ruleDialog.close();
    loadExample(ruleLoad.dataset.example);
  });
  window.addEventListener("hashchange", async () => {
    const { problem } = await restoreFromHash();
    if (problem) say(problem);
  });
}

async function start() {
  wireControls();
  const examplesLoaded = fetch("examples.json").then((response) => response.json());
  engine = await loadEngine();
  $("#engine-version").textContent = engine.version();
  rulesById = new Map(engine.rules().map((rule) => [rule.id, rule]));
  examples = (await examplesLoaded).examples;
  fillExamplesMenu();
  const { restored, problem } = await restoreFromHash();
  if (!restored) await loadDefault();
  if (problem) say(problem);
}

start().catch((error) => {
  replace(
    reportRoot,
    el(
      "div",
      { class: "banner verdict-error", role: "alert" },
      el("p", {}, `The playground failed to start: ${error.message}`),
    ),
  );
});
