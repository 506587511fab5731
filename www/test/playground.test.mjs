// The built playground in Debian's chromium: what it lists equals the engine's report, clicks
// highlight the right lines, share links round-trip, hostile text stays text, and nothing
// leaves the origin. Run `npm run build` first (the page under test is www/dist).
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { mkdir, readFile } from "node:fs/promises";
import path from "node:path";
import { encodeState, decodeState } from "../src/share.js";
import { loadEngine, rendered } from "../engine-node.mjs";
import { dist, launchBrowser, repoRoot, serveDist } from "./harness.mjs";
import { clipboardLink } from "./clipboard.mjs";

let server;
let browser;
let engine;
let examples;
const requests = [];
/** CSP violations reported by any page of any test (chromium logs each to the console). */
const cspViolations = [];

before(async () => {
  engine = await loadEngine(dist);
  examples = JSON.parse(await readFile(path.join(dist, "examples.json"), "utf8")).examples;
  server = await serveDist();
  browser = await launchBrowser();
  browser.context.on("request", (request) => requests.push(request.url()));
  await browser.context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.origin });
});

after(async () => {
  await browser?.close();
  await server?.close();
});

async function open(fragment = "") {
  const page = await browser.context.newPage();
  const dialogs = [];
  const errors = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    dialog.dismiss();
  });
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => /Content Security Policy/.test(message.text()) && cspViolations.push(message.text()));
  await page.goto(`${server.origin}/${fragment}`);
  await page.waitForSelector("body[data-ready=true]");
  return { page, dialogs, errors };
}

async function pairOf(example) {
  if (!example.files) return { old: example.old, new: example.new };
  const read = (file) => readFile(path.join(dist, file), "utf8");
  return { old: await read(example.files.old), new: await read(example.files.new) };
}

/** What the page lists, in order: one record per change (or suppressed change). */
function listed(page, kind) {
  return page.$$eval(`#report .change[data-kind="${kind}"]`, (items) =>
    items.map((item) => ({
      rule: item.dataset.rule,
      severity: item.dataset.severity,
      badge: item.querySelector(".locate .badge").textContent,
      message: item.querySelector(".message").textContent,
      entity: item.querySelector(".entity").textContent,
      location: item.querySelector(".location").textContent,
      reason: item.querySelector(".reason")?.textContent ?? null,
    })),
  );
}

function expectedListing(changes) {
  return changes.map((change) => ({
    rule: change.rule,
    severity: change.severity,
    badge: change.severity.replace(/_/g, " "),
    message: change.message,
    entity: `${change.entity.kind} ${change.entity.name}`,
    location: change.location,
    reason: "reason" in change ? `Suppressed: ${change.reason}` : null,
  }));
}

/**
 * The order the page lists a report's changes in (`report` from `diff` with `groups: true`): by
 * severity, in the report's order, except that a run's changes are listed together, inside it,
 * where its first change is.
 */
const pageOrder = (report) => {
  const order = ["BREAKING", "POTENTIALLY_BREAKING", "NON_BREAKING", "DOCUMENTATION"];
  const runsAt = new Map(report.groups.map((run) => [run.start, run]));
  const inRun = new Set(report.groups.flatMap((run) => run.indices));
  return order.flatMap((severity) =>
    report.changes.flatMap((change, index) => {
      if (change.severity !== severity) return [];
      const run = runsAt.get(index);
      if (run) return run.indices.map((i) => report.changes[i]);
      return inRun.has(index) ? [] : [change];
    }),
  );
};

async function editorText(page, side) {
  return page.$eval(`#editor-${side}`, (node) =>
    [...node.querySelectorAll(".cm-line")].map((line) => line.textContent).join("\n"),
  );
}

test("each example lists exactly the engine's changes with their severities and verdict", async () => {
  const chosen = [
    examples.find((e) => e.id.startsWith("corpus:")),
    // Its report has runs of alike changes, each one line standing where its first change is.
    examples.find((e) => e.id === "release:largest"),
    ...examples.filter((e) => e.id.startsWith("rule:")).slice(0, 4),
  ].filter(Boolean);
  assert.ok(chosen.length >= 3);
  for (const example of chosen) {
    const { page, errors } = await open(`#example=${encodeURIComponent(example.id)}`);
    const pair = await pairOf(example);
    const report = engine.diff(pair.old, pair.new, null, { groups: true });
    assert.ok(report.changes.length > 0, `${example.id} shows some change`);
    assert.deepEqual(await listed(page, "change"), expectedListing(pageOrder(report)), example.id);
    assert.equal(await page.$eval(".banner", (node) => node.dataset.verdict), report.summary.verdict, example.id);
    const counts = await page.$$eval(".counts li", (items) => items.map((item) => item.textContent));
    for (const [severity, count] of Object.entries(report.summary.counts))
      assert.ok(
        counts.includes(`${severity.replace(/_/g, " ")}${count}`),
        `${example.id} ${severity} ${count}: ${counts}`,
      );
    assert.deepEqual(errors, []);
    await page.close();
  }
});

/** The 1-based lines a pretty-printed (2-space) JSON text gives the member at `pointer`, found by substitution. */
function expectedLines(document, pointer) {
  const tokens = pointer.slice(1).split("/");
  const clone = structuredClone(document);
  let parent = clone;
  for (const token of tokens.slice(0, -1)) parent = parent[token];
  const value = parent[tokens.at(-1)];
  parent[tokens.at(-1)] = "\u2063sentinel\u2063";
  const first =
    JSON.stringify(clone, null, 2)
      .split("\n")
      .findIndex((line) => line.includes("\u2063sentinel\u2063")) + 1;
  return `${first}-${first + JSON.stringify(value, null, 2).split("\n").length - 1}`;
}

test("clicking a change highlights its lines in both editors and scrolls them into view", async () => {
  const example = examples.find((e) => e.id === "rule:tool.input.required.added");
  const { page } = await open(`#example=${encodeURIComponent(example.id)}`);
  const change = engine.diff(example.old, example.new, null).changes[0];
  await page.click("#report .change .locate");
  const expectedOld = expectedLines(JSON.parse(example.old), change.oldPointer);
  const expectedNew = expectedLines(JSON.parse(example.new), change.newPointer);
  assert.equal(await page.$eval("#editor-old", (node) => node.dataset.highlight), expectedOld);
  assert.equal(await page.$eval("#editor-new", (node) => node.dataset.highlight), expectedNew);
  for (const [side, expected] of [
    ["old", expectedOld],
    ["new", expectedNew],
  ]) {
    const [first, last] = expected.split("-").map(Number);
    const highlighted = await page.$$eval(`#editor-${side} .cm-hl-line`, (lines) =>
      lines.map((line) => line.textContent),
    );
    assert.equal(highlighted.length, last - first + 1, side);
    assert.match(highlighted[0], new RegExp(`"${change.oldPointer.split("/").at(-1)}"`), side);
  }
  const markers = await page.$$eval("#editor-new .sev-mark", (marks) => marks.map((mark) => mark.title));
  assert.ok(
    markers.some((title) => title.startsWith("Breaking")),
    `gutter markers: ${markers}`,
  );
  await page.close();
});

test("clicking a gutter marker selects the change it marks", async () => {
  const example = examples.find((e) => e.id.startsWith("corpus:")) ?? examples[0];
  const { page } = await open(`#example=${encodeURIComponent(example.id)}`);
  const pair = await pairOf(example);
  const listedChanges = pageOrder(engine.diff(pair.old, pair.new, null, { groups: true }));
  const marker = await page.$("#editor-new .sev-mark");
  await marker.click();
  const selected = await page.$eval("#report .change.selected", (node) => node.dataset.rule);
  const highlight = await page.$eval("#editor-new", (node) => node.dataset.highlight);
  assert.ok(listedChanges.some((change) => change.rule === selected));
  // The marker's line is the first highlighted line of the change it selected.
  const markerLine = await page.evaluate((mark) => {
    const markerTop = mark.getBoundingClientRect().top;
    const numbers = [...document.querySelectorAll("#editor-new .cm-lineNumbers .cm-gutterElement")];
    const row = numbers.find((n) => Math.abs(n.getBoundingClientRect().top - markerTop) < 4 && n.textContent);
    return Number(row?.textContent);
  }, marker);
  assert.equal(Number(highlight.split("-")[0]), markerLine);
  await page.close();
});

test("a share link restores all three editors, and the page's own link round-trips", async () => {
  const example = examples.find((e) => e.id === "rule:tool.description.changed");
  const config = "ignore:\n  - rule: tool.description.*\n    reason: Prose churn is reviewed by hand.\n";
  const state = { old: example.old, new: example.new, config };
  const { page } = await open(await encodeState(state));
  for (const side of ["old", "new", "config"]) assert.equal(await editorText(page, side), state[side], side);
  const report = engine.diff(state.old, state.new, config);
  assert.equal(report.changes.length, 0);
  assert.deepEqual(await listed(page, "suppressed"), expectedListing(report.suppressed));
  assert.match(await page.textContent(".banner"), /suppressed/i);

  // The clipboard is shared by every page of the browser: clear it, then wait for this click's
  // copy. Two encoders may compress the same state to different (equivalent) bytes, so links
  // are compared by the state they decode to, never as strings.
  await page.evaluate(() => navigator.clipboard.writeText("cleared"));
  await page.click("#share");
  const link = await clipboardLink(page);
  assert.equal(new URL(link).origin, server.origin);
  assert.deepEqual(await decodeState(new URL(link).hash), state);
  assert.deepEqual(await decodeState(await page.evaluate(() => location.hash)), state);
  const again = await open(new URL(link).hash);
  for (const side of ["old", "new", "config"])
    assert.equal(await editorText(again.page, side), await editorText(page, side), side);
  assert.deepEqual(await listed(again.page, "suppressed"), await listed(page, "suppressed"));
  await page.close();
  await again.page.close();
});

/** The value at `pointer` in a parsed document. */
function valueAt(document, pointer) {
  let value = document;
  for (const token of pointer === "" ? [] : pointer.slice(1).split("/")) {
    const key = token.replace(/~1/g, "/").replace(/~0/g, "~");
    value = value[Array.isArray(value) ? Number(key) : key];
  }
  return value;
}

test("minified snapshots: every change highlights its own value's span, not line 1", async () => {
  const example = examples.find((e) => e.id === "release:largest");
  const pair = await pairOf(example);
  const state = { old: JSON.stringify(JSON.parse(pair.old)), new: JSON.stringify(JSON.parse(pair.new)), config: "" };
  const { page, errors } = await open(await encodeState(state));
  const changes = pageOrder(engine.diff(state.old, state.new, null, { groups: true }));
  assert.ok(changes.length >= 5, `${changes.length} changes`);
  const buttons = await page.$$('#report .change[data-kind="change"] .locate');
  assert.equal(buttons.length, changes.length);
  // A run of alike changes lists its changes once opened.
  for (const run of await page.$$("#report .run summary")) await run.click();
  let checked = 0;
  for (const [i, change] of changes.entries()) {
    await buttons[i].click();
    for (const side of ["old", "new"]) {
      const pointer = change[`${side}Pointer`];
      const span = await page.$eval(`#editor-${side}`, (node) => node.dataset.highlightSpan ?? null);
      if (pointer === null || pointer === undefined) {
        assert.equal(span, null, `${change.rule} ${side}`);
        continue;
      }
      const [from, to] = span.split("-").map(Number);
      const expected = valueAt(JSON.parse(state[side]), pointer);
      assert.deepEqual(JSON.parse(state[side].slice(from, to)), expected, `${change.rule} ${side} ${pointer}`);
      assert.ok(to - from < state[side].length / 2, `${change.rule} ${side}: the span is not the whole line`);
      checked++;
    }
    const marked = await page.$$eval(".cm-hl-span", (nodes) => nodes.length);
    assert.ok(marked > 0, `${change.rule}: the span is marked in the editor`);
  }
  console.log(`# minified ${example.title}: ${changes.length} changes, ${checked} spans checked`);
  // One line holds every change: its gutter marker steps through them, click after click.
  const marker = await page.$("#editor-new .sev-mark");
  const onLine = changes.filter((change) => change.newPointer !== null && change.newPointer !== undefined).length;
  assert.match(await marker.getAttribute("title"), new RegExp(`\\+${onLine - 1} more on this line`));
  const seen = new Set();
  for (let i = 0; i < onLine; i++) {
    await page.click("#editor-new .sev-mark");
    seen.add(await page.$eval("#report .change.selected", (node) => node.dataset.index));
  }
  assert.equal(seen.size, onLine, "each click selected another change on the line");
  assert.deepEqual(errors, []);
  await page.close();
});

test("a broken share link says so and falls back to an example", async () => {
  const { page, errors } = await open("#s=not-deflate-data");
  assert.match(await page.textContent("#status"), /share link is damaged or incomplete/);
  assert.equal(await page.$eval("#report", (node) => node.dataset.state), "report");
  assert.deepEqual(errors, []);
  await page.close();
});

const HOSTILE = [
  '<img src=x onerror="window.__pwned=1;alert(1)">',
  "<script>window.__pwned=2;alert(2)</script>",
  '"><svg onload=window.__pwned=3>',
];

test("hostile names and descriptions are shown as text and never execute", async () => {
  const tool = (name, description) => ({
    name,
    description,
    inputSchema: { type: "object", properties: { q: { type: "string", description } } },
  });
  const old = { tools: [tool(HOSTILE[0], HOSTILE[1]), tool("plain", HOSTILE[2])] };
  const neu = { tools: [tool(HOSTILE[0], HOSTILE[2] + HOSTILE[0])] };
  const baseline = await open("#example=" + encodeURIComponent("rule:tool.added"));
  const countTags = (page) =>
    page.$$eval("img, script, svg, iframe, object, embed", (nodes) =>
      nodes
        .map((node) => node.tagName)
        .sort()
        .join(","),
    );
  const cleanTags = await countTags(baseline.page);
  await baseline.page.close();

  const { page, dialogs, errors } = await open(
    await encodeState({ old: JSON.stringify(old, null, 2), new: JSON.stringify(neu, null, 2), config: "" }),
  );
  const report = engine.diff(old, neu, null, { groups: true });
  assert.ok(report.changes.length >= 2);
  for (const item of await page.$$("#report .change .locate")) await item.click();
  await page.click("#report .rule-link");
  await page.keyboard.press("Escape");
  await page.waitForTimeout(200);
  assert.deepEqual(dialogs, []);
  assert.deepEqual(errors, []);
  assert.equal(await page.evaluate(() => window.__pwned), undefined);
  assert.equal(await countTags(page), cleanTags);
  const reportText = await page.textContent("#report");
  assert.ok(reportText.includes(HOSTILE[0]), "the payload is visible as text");
  assert.deepEqual(await listed(page, "change"), expectedListing(pageOrder(report)));
  await page.close();
});

test("parse errors appear inline at their line in the right editor", async () => {
  const { page } = await open("#example=" + encodeURIComponent("rule:tool.added"));
  await page.click("#editor-new .cm-content");
  await page.keyboard.press("Control+End");
  await page.keyboard.type(",");
  await page.waitForSelector("#report[data-state=error]");
  const broken = await editorText(page, "new");
  let expected;
  try {
    engine.diff("{}", broken, null);
  } catch (error) {
    expected = error;
  }
  assert.equal(expected.input, "new");
  assert.match(await page.textContent("#report"), new RegExp(`line ${expected.line}, column ${expected.column}`));
  assert.ok(await page.$("#editor-new .cm-lintRange-error"), "the error is underlined in the new editor");
  assert.equal(await page.$("#editor-old .cm-lintRange-error"), null);
  await page.close();
});

test("a file picked for the new snapshot replaces its text and reruns the diff", async () => {
  const { page } = await open("#example=" + encodeURIComponent("rule:tool.added"));
  const example = examples.find((e) => e.id === "rule:tool.removed");
  const [chooser] = await Promise.all([page.waitForEvent("filechooser"), page.click('[data-open="new"]')]);
  await chooser.setFiles({ name: "new.json", mimeType: "application/json", buffer: Buffer.from(example.new) });
  await page.waitForFunction(
    (text) => [...document.querySelectorAll("#editor-new .cm-line")].map((l) => l.textContent).join("\n") === text,
    example.new,
  );
  const current = { old: await editorText(page, "old"), new: example.new };
  await page.waitForFunction(
    (count) => document.querySelectorAll('#report .change[data-kind="change"]').length === count,
    engine.diff(current.old, current.new, null).changes.length,
  );
  assert.deepEqual(
    await listed(page, "change"),
    expectedListing(pageOrder(engine.diff(current.old, current.new, null, { groups: true }))),
  );
  await page.close();
});

test("a file dropped on an editor replaces its text", async () => {
  const { page } = await open("#example=" + encodeURIComponent("rule:tool.added"));
  const dropped = examples.find((e) => e.id === "rule:tool.removed").old;
  await page.evaluate((text) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([text], "old.json", { type: "application/json" }));
    const target = document.querySelector("#editor-old .cm-content");
    target.dispatchEvent(
      new DragEvent("drop", { dataTransfer: transfer, bubbles: true, cancelable: true, clientX: 50, clientY: 150 }),
    );
  }, dropped);
  await page.waitForFunction(
    (text) => [...document.querySelectorAll("#editor-old .cm-line")].map((l) => l.textContent).join("\n") === text,
    dropped,
  );
  await page.close();
});

test("YAML snapshots work too, with best-effort highlights on the right keys", async () => {
  const oldYaml = [
    "tools:",
    "  - name: search",
    "    inputSchema:",
    "      type: object",
    "      properties:",
    "        query:",
    "          type: string",
    "        repo:",
    "          type: string",
    "      required: [query]",
    "",
  ].join("\n");
  const newYaml = oldYaml.replace("required: [query]", "required: [query, repo]");
  const { page } = await open(await encodeState({ old: oldYaml, new: newYaml, config: "" }));
  const report = engine.diff(oldYaml, newYaml, null, { groups: true });
  assert.deepEqual(await listed(page, "change"), expectedListing(pageOrder(report)));
  const index = report.changes.findIndex((change) => change.rule === "tool.input.required.added");
  assert.ok(index >= 0);
  assert.equal(report.changes[index].oldPointer, "/tools/0/inputSchema/properties/repo");
  await page.click(`#report .change[data-index="${index}"] .locate`);
  // Lines 8-9 hold `repo:` and its body in both texts.
  assert.equal(await page.$eval("#editor-old", (node) => node.dataset.highlight), "8-9");
  assert.equal(await page.$eval("#editor-new", (node) => node.dataset.highlight), "8-9");
  await page.close();
});

test("copy as Markdown copies the engine's Markdown, or says the engine has none", async () => {
  const example = examples.find((e) => e.id === "rule:tool.removed");
  const { page } = await open("#example=" + encodeURIComponent(example.id));
  await page.evaluate(() => navigator.clipboard.writeText("untouched"));
  await page.click("#copy-markdown");
  let markdown = null;
  try {
    markdown = rendered(engine, example.old, example.new, null, "markdown");
  } catch {
    markdown = null;
  }
  if (markdown === null) {
    await page.waitForFunction(() => /cannot render Markdown/.test(document.querySelector("#status").textContent));
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), "untouched");
  } else {
    await page.waitForFunction(() => /Markdown/.test(document.querySelector("#status").textContent));
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), markdown);
  }
  await page.close();
});

test("everything is reachable by keyboard: controls, editors, changes and rule explanations", async () => {
  const { page } = await open("#example=" + encodeURIComponent("rule:tool.input.required.added"));
  const seen = [];
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press("Tab");
    seen.push(
      await page.evaluate(() => {
        const node = document.activeElement;
        return node.id || node.getAttribute("aria-label") || node.className;
      }),
    );
  }
  for (const wanted of [
    "examples",
    "share",
    "copy-markdown",
    "Old snapshot (JSON or YAML)",
    "New snapshot (JSON or YAML)",
    "Config (YAML)",
    "locate",
    "rule-link",
  ]) {
    assert.ok(seen.includes(wanted), `${wanted} not reached by Tab: ${seen.join(" | ")}`);
  }
  await page.focus("#report .change .locate");
  await page.keyboard.press("Enter");
  await page.waitForSelector("#editor-old[data-highlight]");
  await page.focus("#report .rule-link");
  await page.keyboard.press("Enter");
  assert.equal(await page.$eval("#rule-dialog", (dialog) => dialog.open), true);
  assert.match(await page.textContent("#rule-body"), /tool\.input\.required\.added/);
  await page.keyboard.press("Escape");
  assert.equal(await page.$eval("#rule-dialog", (dialog) => dialog.open), false);
  await page.close();
});

test("screenshots at 1280×800 and 420 px wide", async () => {
  const artifacts = path.join(repoRoot, "test-artifacts");
  await mkdir(artifacts, { recursive: true });
  // Named, not the default: a page opened without a fragment restores the last test's work.
  const { page } = await open(`#example=${encodeURIComponent("corpus:github-mcp-server/020-list_issues")}`);
  await page.click("#report .change .locate");
  await page.screenshot({ path: path.join(artifacts, "playground.png") });
  await page.setViewportSize({ width: 420, height: 900 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `the narrow page scrolls sideways by ${overflow}px`);
  await page.screenshot({ path: path.join(artifacts, "playground-narrow.png"), fullPage: true });
  await page.close();
});

test("no request left the origin and no page of any test violated the CSP", async () => {
  assert.deepEqual(cspViolations, []);
  assert.ok(requests.length > 0);
  const foreign = requests.filter((url) => new URL(url).origin !== server.origin);
  assert.deepEqual(foreign, []);
});
