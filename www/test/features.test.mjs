// Issue 20's page features in Chromium: share links with a size limit and state files instead,
// examples that fail to load, readable reasoning, saved work, dark mode, the error banner,
// filters, swap, format, report downloads, help, the status line on a phone, file://, and
// hidden characters made visible.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { mkdir, readFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { SHARE_LIMIT, decodeState, encodeState } from "../src/share.js";
import { loadEngine, rendered } from "../engine-node.mjs";
import { dist, launchBrowser, repoRoot, serveDist } from "./harness.mjs";
import { clipboardLink } from "./clipboard.mjs";

let server;
let browser;
let engine;
let examples;

before(async () => {
  engine = await loadEngine(dist);
  examples = JSON.parse(await readFile(path.join(dist, "examples.json"), "utf8")).examples;
  server = await serveDist();
  browser = await launchBrowser();
  await browser.context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.origin });
});

after(async () => {
  await browser?.close();
  await server?.close();
});

async function open(fragment = "", { route = null } = {}) {
  const page = await browser.context.newPage();
  const errors = [];
  page.on("pageerror", (error) => errors.push(error.message));
  if (route) await route(page);
  await page.goto(`${server.origin}/${fragment}`);
  await page.waitForSelector("body[data-ready=true]");
  return { page, errors };
}

const example = (id) => examples.find((e) => e.id === id);

/** One editor's whole text (CodeMirror draws only the lines in view, so the DOM will not do). */
const fullText = (page, side) =>
  page.$eval(`#editor-${side} .cm-content`, (node) => node.cmTile.root.view.state.doc.toString());

/** Waits until the page has shown more reports than `runs`. */
async function nextReport(page, runs) {
  await page.waitForFunction((runs) => Number(document.body.dataset.runs) > runs, runs);
}
const runsOf = (page) => page.evaluate(() => Number(document.body.dataset.runs));

/** Text that deflate cannot shrink: base64 of a seeded pseudo-random stream, `length` characters. */
function incompressible(length, seed = 7) {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  let state = seed;
  let out = "";
  for (let i = 0; i < length; i++) {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    out += alphabet[(state >>> 16) & 63];
  }
  return out;
}

/** A state whose share link is about `linkLength` characters long. */
function stateOfLinkSize(linkLength) {
  const pair = example("rule:tool.description.changed");
  // Random base64 deflates to ¾ of its size, and base64url brings it back to the same length.
  return { old: pair.old, new: pair.new, config: `# ${incompressible(linkLength - 1200)}\n` };
}

test("share links: below the limit they restore exactly, also at twice the limit in Chromium", async () => {
  const below = stateOfLinkSize(SHARE_LIMIT - 10_000);
  const { page } = await open(await encodeState(below));
  await page.evaluate(() => navigator.clipboard.writeText("cleared"));
  await page.click("#share");
  const link = await clipboardLink(page);
  assert.ok(link.length <= SHARE_LIMIT, `${link.length} characters`);
  assert.ok(link.length > SHARE_LIMIT * 0.9, `the test link is near the limit: ${link.length}`);
  assert.deepEqual(await decodeState(new URL(link).hash), below);
  const reopened = await open(new URL(link).hash);
  for (const side of ["old", "new", "config"]) assert.equal(await fullText(reopened.page, side), below[side], side);

  // The margin: Chromium opens a link twice as long as the page hands out, exactly.
  const twice = stateOfLinkSize(SHARE_LIMIT * 2);
  const hash = await encodeState(twice);
  assert.ok(server.origin.length + 1 + hash.length > SHARE_LIMIT * 1.9);
  const big = await open(hash);
  for (const side of ["old", "new", "config"]) assert.equal(await fullText(big.page, side), twice[side], side);
  console.log(
    `# share: ${link.length} characters restored; ${server.origin.length + 1 + hash.length} opened in Chromium`,
  );
  await Promise.all([page.close(), reopened.page.close(), big.page.close()]);
});

test("share links above the limit are refused, and the state file offered instead opens again", async () => {
  const above = stateOfLinkSize(SHARE_LIMIT + 20_000);
  const { page } = await open("#example=" + encodeURIComponent("rule:tool.added"));
  await page.evaluate(() => navigator.clipboard.writeText("untouched"));
  // Loaded through a state file, since a link of this size is what the page refuses.
  const [chooser] = await Promise.all([page.waitForEvent("filechooser"), page.click('[data-open="state"]')]);
  const runs = await runsOf(page);
  await chooser.setFiles({
    name: "big.json",
    mimeType: "application/json",
    buffer: Buffer.from(JSON.stringify({ mcpContractPlayground: 1, ...above })),
  });
  await nextReport(page, runs);
  assert.equal(await fullText(page, "config"), above.config);

  await page.click("#share");
  await page.waitForSelector("#share-too-big");
  assert.match(await page.textContent("#rule-body"), /Download the state as a file/);
  assert.match(await page.textContent("#status"), /Not copied/);
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), "untouched");
  assert.equal(await page.evaluate(() => location.hash.startsWith("#s=")), false);
  const [download] = await Promise.all([page.waitForEvent("download"), page.click("#download-state-offer")]);
  const saved = await readFile(await download.path(), "utf8");
  assert.deepEqual(JSON.parse(saved), { mcpContractPlayground: 1, ...above });

  // Dropped on an editor, the state file restores all three inputs.
  const other = await open("#example=" + encodeURIComponent("rule:tool.removed"));
  const before = await runsOf(other.page);
  await other.page.evaluate((text) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([text], "state.json", { type: "application/json" }));
    document
      .querySelector("#editor-new .cm-content")
      .dispatchEvent(new DragEvent("drop", { dataTransfer: transfer, bubbles: true, cancelable: true }));
  }, saved);
  await nextReport(other.page, before);
  for (const side of ["old", "new", "config"]) assert.equal(await fullText(other.page, side), above[side], side);
  await Promise.all([page.close(), other.page.close()]);
});

test("an example that fails to load says so and never fills the editors with an error page", async () => {
  const html404 = (page) =>
    page.route("**/examples/**", (route) =>
      route.fulfill({ status: 404, contentType: "text/html", body: "<html><body>Not found</body></html>" }),
    );
  // As the first thing the page loads: an error where the report would be, not "Loading…".
  const first = await open("#example=" + encodeURIComponent("corpus:github-mcp-server/020-list_issues"), {
    route: html404,
  });
  assert.equal(await first.page.$eval("#report", (node) => node.dataset.state), "error");
  assert.match(await first.page.textContent("#report"), /Could not load the example/);
  assert.doesNotMatch(await first.page.textContent("#report"), /Loading/);
  assert.doesNotMatch(await fullText(first.page, "old"), /<html>/);

  // Chosen later: the status says so, the editors keep their texts, the menu shows no example.
  const { page } = await open("#example=" + encodeURIComponent("rule:tool.added"), { route: html404 });
  const before = await fullText(page, "old");
  await page.selectOption("#examples", "corpus:github-mcp-server/020-list_issues");
  await page.waitForFunction(() => /Could not load the example/.test(document.querySelector("#status").textContent));
  assert.equal(await fullText(page, "old"), before);
  assert.equal(await page.$eval("#examples", (node) => node.value), "");
  await Promise.all([page.close(), first.page.close()]);
});

test("the example menu resets once the user edits the texts", async () => {
  const { page } = await open("#example=" + encodeURIComponent("rule:tool.added"));
  assert.equal(await page.$eval("#examples", (node) => node.value), "rule:tool.added");
  await page.click("#editor-new .cm-content");
  await page.keyboard.press("Control+End");
  await page.keyboard.type(" ");
  assert.equal(await page.$eval("#examples", (node) => node.value), "");
  assert.equal(await page.evaluate(() => location.hash), "");
  await page.close();
});

test("the prose classifier's reasoning reads as sentences, and its rules say who decided", async () => {
  const { page } = await open("#example=" + encodeURIComponent("rule:tool.description.changed"));
  const text = await page.textContent("#report");
  for (const raw of ["charSimilarity", "tokenOverlap", '"removed"', "{"]) assert.ok(!text.includes(raw), raw);
  assert.match(text, /Similarity.*of characters/);
  const prose = engine.rules().filter((rule) => rule.decidedBy === "prose");
  assert.ok(
    prose.some((rule) => rule.id === "tool.description.changed"),
    "the engine marks prose rules",
  );
  assert.match(await page.textContent("#report .change"), /decided by the prose classifier/);
  await page.click("#report .rule-link");
  assert.match(await page.textContent("#rule-body"), /decided by the prose classifier/);
  await page.keyboard.press("Escape");
  await page.close();

  const fixed = await open("#example=" + encodeURIComponent("rule:tool.removed"));
  assert.doesNotMatch(await fixed.page.textContent("#report"), /prose classifier/);
  await fixed.page.click("#report .rule-link");
  assert.doesNotMatch(await fixed.page.textContent("#rule-body"), /prose classifier/);
  await fixed.page.close();
});

test("an overridden severity is the one the message and badge show", async () => {
  const pair = example("rule:tool.description.changed");
  const config = "severity_overrides:\n  tool.description.changed: DOCUMENTATION\n";
  const { page } = await open(await encodeState({ old: pair.old, new: pair.new, config }));
  const change = engine.diff(pair.old, pair.new, config).changes[0];
  assert.equal(change.severity, "DOCUMENTATION");
  const item = await page.$eval('#report .change[data-kind="change"]', (node) => ({
    severity: node.dataset.severity,
    message: node.querySelector(".message").textContent,
    meta: node.querySelector(".meta").textContent,
  }));
  assert.equal(item.severity, "DOCUMENTATION");
  assert.equal(item.message, change.message);
  assert.doesNotMatch(item.message, /potentially breaking|non-breaking/i);
  assert.match(item.meta, new RegExp(`overridden from ${change.defaultSeverity}`));
  await page.close();
});

test("a breaking schema change shows its witness beside it, and Copy puts the JSON on the clipboard", async () => {
  const pair = example("rule:tool.input.enum.narrowed");
  const { page, errors } = await open(await encodeState({ old: pair.old, new: pair.new, config: "" }));
  const change = engine.diff(pair.old, pair.new, "").changes.find((c) => c.witness?.value !== undefined);
  assert.ok(change, "the engine gives the pair a witness");
  const shown = await page.$eval('#report .change[data-kind="change"] .witness', (node) => ({
    lead: node.querySelector("p").textContent,
    json: node.querySelector("pre").textContent,
  }));
  assert.match(shown.lead, /^e\.g\. this call was valid and is now rejected \(enum at \/properties\/p\/enum\):$/);
  assert.equal(shown.json, JSON.stringify(change.witness.value));
  await page.click('#report .change[data-kind="change"] .witness button.copy');
  await page.waitForFunction(() => document.querySelector(".witness button.copy").textContent === "Copied");
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), JSON.stringify(change.witness.value));
  assert.deepEqual(errors, []);
  await page.close();
});

test("a config of many blank lines before its first key is read at once", async () => {
  const pair = example("rule:tool.removed");
  const config = " \n".repeat(60) + "fail_on: none\nwarn_on: none\n";
  const { page } = await open(await encodeState({ old: pair.old, new: pair.new, config }));
  assert.equal(
    await page.$eval(".banner", (node) => node.dataset.verdict),
    engine.diff(pair.old, pair.new, config).summary.verdict,
  );
  assert.equal(await page.$eval(".banner", (node) => node.dataset.verdict), "pass");
  await page.close();
});

test("work survives a reload", async () => {
  const { page } = await open("#example=" + encodeURIComponent("rule:tool.added"));
  await page.click("#editor-config .cm-content");
  await page.keyboard.press("Control+End");
  const marker = `# saved ${Date.now()}`;
  const runs = await runsOf(page);
  await page.keyboard.type(`\n${marker}`);
  await nextReport(page, runs);
  const expected = {
    old: await fullText(page, "old"),
    new: await fullText(page, "new"),
    config: await fullText(page, "config"),
  };
  assert.ok(expected.config.includes(marker));
  await page.waitForTimeout(800); // the worker saves a moment after the run
  await page.reload();
  await page.waitForSelector("body[data-ready=true]");
  for (const side of ["old", "new", "config"]) assert.equal(await fullText(page, side), expected[side], side);
  assert.match(await page.textContent("#status"), /Restored your work/);
  await page.close();

  // Following a link or choosing an example is not work of one's own: it is not saved over it.
  const visit = await open("#example=" + encodeURIComponent("rule:tool.removed"));
  await visit.page.selectOption("#examples", "rule:tool.input.required.added");
  await visit.page.waitForTimeout(800);
  await visit.page.close();
  const back = await open();
  assert.equal(await fullText(back.page, "config"), expected.config);
  await back.page.close();
});

test("dark mode follows the system, editors included", async () => {
  const { page } = await open("#example=" + encodeURIComponent("rule:tool.added"));
  const colours = () =>
    page.evaluate(() => ({
      page: getComputedStyle(document.documentElement).backgroundColor,
      editor: getComputedStyle(document.querySelector("#editor-old .cm-editor")).backgroundColor,
    }));
  const luminance = (rgb) => {
    const [r, g, b] = rgb.match(/\d+/g).map(Number);
    return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
  };
  await page.emulateMedia({ colorScheme: "light" });
  const light = await colours();
  await page.emulateMedia({ colorScheme: "dark" });
  const dark = await colours();
  assert.ok(luminance(light.page) > 0.8 && luminance(dark.page) < 0.2, `${light.page} / ${dark.page}`);
  assert.ok(luminance(dark.editor) < 0.25, `dark editor ${dark.editor}`);
  await page.close();
});

test("clicking the error banner puts the cursor on the error", async () => {
  const { page } = await open("#example=" + encodeURIComponent("rule:tool.added"));
  await page.click("#editor-new .cm-content");
  await page.keyboard.press("Control+End");
  await page.keyboard.type(",");
  await page.waitForSelector("#report[data-state=error]");
  await page.click("#examples"); // focus elsewhere first
  await page.keyboard.press("Escape");
  await page.click("#report .banner");
  const where = await page.evaluate(() => {
    const view = document.querySelector("#editor-new .cm-content").cmTile.root.view;
    const head = view.state.selection.main.head;
    const line = view.state.doc.lineAt(head);
    return { focused: view.hasFocus, line: line.number, column: head - line.from + 1 };
  });
  let expected;
  try {
    engine.diff("{}", await fullText(page, "new"), null);
  } catch (error) {
    expected = error;
  }
  assert.equal(where.focused, true);
  assert.deepEqual({ line: where.line, column: where.column }, { line: expected.line, column: expected.column });
  await page.close();
});

test("filters by severity and by text, and says how many show", async () => {
  const pair = example("release:largest");
  const { page } = await open("#example=release:largest");
  const [oldText, newText] = await Promise.all(
    [pair.files.old, pair.files.new].map((file) => readFile(path.join(dist, file), "utf8")),
  );
  const changes = engine.diff(oldText, newText, null).changes;
  const visibleRules = () =>
    page.$$eval('#report .change[data-kind="change"]:not([hidden])', (items) =>
      items.map((i) => i.dataset.severity + " " + i.dataset.rule),
    );
  // The menus are the engine's severities and formats, named as the page names them.
  const options = (select) => page.$$eval(`${select} option`, (list) => list.map((o) => [o.value, o.textContent]));
  const { severities, formats } = engine.meta();
  assert.deepEqual(await options("#filter-severity"), [
    ["", "All"],
    ...severities.map(({ id, words }) => [id, words[0].toUpperCase() + words.slice(1)]),
  ]);
  assert.deepEqual((await options("#filter-severity"))[2], ["POTENTIALLY_BREAKING", "Potentially breaking"]);
  assert.deepEqual(
    await options("#report-format"),
    formats.map(({ id }) => [id, id]),
  );
  await page.selectOption("#filter-severity", "BREAKING");
  const breaking = changes.filter((c) => c.severity === "BREAKING");
  assert.equal((await visibleRules()).length, breaking.length);
  assert.equal(await page.textContent("#filter-count"), `Showing ${breaking.length} of ${changes.length}`);
  await page.selectOption("#filter-severity", "");
  const rule = changes[0].rule;
  await page.fill("#filter-text", rule);
  const matching = changes.filter((c) =>
    `${c.rule} ${c.entity.kind} ${c.entity.name} ${c.location} ${c.message}`.toLowerCase().includes(rule),
  );
  assert.deepEqual((await visibleRules()).length, matching.length);
  const entity = changes.at(-1).entity.name;
  await page.fill("#filter-text", entity);
  assert.ok((await visibleRules()).length >= 1);
  const searched = await page.$$eval("#report .change:not([hidden])", (n) => n.map((x) => x.dataset.search));
  for (const line of searched) assert.ok(line.includes(entity.toLowerCase()), line);
  assert.equal(await page.$$eval("#report .filter-empty", (nodes) => nodes.length), 0);
  await page.selectOption("#filter-severity", "BREAKING");
  await page.fill("#filter-text", "no such change");
  assert.equal((await visibleRules()).length, 0);
  assert.equal(
    await page.textContent("#report .filter-empty"),
    `No change matches the filter (severity BREAKING and “no such change”); clear it to see all ${changes.length}.`,
  );
  await page.selectOption("#filter-severity", "");
  await page.fill("#filter-text", "");
  assert.equal((await visibleRules()).length, changes.length);
  assert.equal(await page.textContent("#filter-count"), "");
  assert.equal(await page.$$eval("#report .filter-empty", (nodes) => nodes.length), 0);
  await page.close();
});

test("swap exchanges old and new; Format pretty-prints JSON as written and leaves YAML alone", async () => {
  const { page } = await open("#example=" + encodeURIComponent("rule:tool.added"));
  const before = { old: await fullText(page, "old"), new: await fullText(page, "new") };
  let runs = await runsOf(page);
  await page.click("#swap");
  await nextReport(page, runs);
  assert.equal(await fullText(page, "old"), before.new);
  assert.equal(await fullText(page, "new"), before.old);
  const listed = await page.$$eval('#report .change[data-kind="change"]', (items) => items.map((i) => i.dataset.rule));
  const swapped = engine.diff(before.new, before.old, null).changes.map((c) => c.rule);
  assert.deepEqual([...listed].sort(), [...swapped].sort());
  assert.ok(listed.includes("tool.removed"), "adding a tool, swapped, removes it");

  const minified =
    '{"tools":[{"name":"a","inputSchema":{"type":"object","properties":{"n":{"type":"number","maximum":1.0}}}}]}';
  await page.click("#editor-new .cm-content");
  await page.keyboard.press("Control+A");
  await page.keyboard.insertText(minified);
  runs = await runsOf(page);
  await page.click('[data-format="new"]');
  await nextReport(page, runs);
  const formatted = await fullText(page, "new");
  assert.ok(formatted.split("\n").length > 10, formatted);
  assert.match(formatted, /"maximum": 1\.0/);
  assert.deepEqual(JSON.parse(formatted), JSON.parse(minified));

  await page.click("#editor-old .cm-content");
  await page.keyboard.press("Control+A");
  await page.keyboard.insertText("tools:\n  - name: a\n");
  await page.click('[data-format="old"]');
  await page.waitForFunction(() => /YAML is left as written/.test(document.querySelector("#status").textContent));
  assert.equal(await fullText(page, "old"), "tools:\n  - name: a\n");
  await page.close();
});

test("the report downloads in each of the CLI's formats, rendered by the engine", async () => {
  const pair = example("rule:tool.removed");
  const { page } = await open("#example=" + encodeURIComponent(pair.id));
  const config = await fullText(page, "config");
  const configArg = config.split("\n").every((line) => /^\s*(#.*)?$/.test(line)) ? null : config;
  // Each format its own file name, so downloading two never overwrites one with the other.
  const names = {
    text: "mcp-contract-report.txt",
    markdown: "mcp-contract-report.md",
    json: "mcp-contract-report.json",
    sarif: "mcp-contract-report.sarif",
    github: "mcp-contract-report-github.txt",
    junit: "mcp-contract-report-junit.xml",
  };
  assert.deepEqual(
    Object.keys(names).sort(),
    engine
      .meta()
      .formats.map(({ id }) => id)
      .sort(),
  );
  for (const [format, name] of Object.entries(names)) {
    await page.selectOption("#report-format", format);
    const [download] = await Promise.all([page.waitForEvent("download"), page.click("#download-report")]);
    const text = await readFile(await download.path(), "utf8");
    const expected = rendered(engine, pair.old, pair.new, configArg, format);
    assert.equal(text, expected, format);
    assert.equal(download.suggestedFilename(), name, format);
  }
  await page.close();
});

test("the page explains what a snapshot is and how to take one", async () => {
  const { page } = await open("#example=" + encodeURIComponent("rule:tool.added"));
  await page.click("#snapshot-help summary");
  const help = await page.textContent("#snapshot-help");
  assert.match(help, /mcp-contract snapshot/);
  assert.ok(await page.isVisible("#snapshot-help pre"));
  await page.close();
});

test("on a phone the status line is on screen when something is said", async () => {
  const { page } = await open("#example=" + encodeURIComponent("rule:tool.added"));
  await page.setViewportSize({ width: 390, height: 760 });
  await page.click("#share");
  await page.waitForFunction(() => /Share link copied/.test(document.querySelector("#status").textContent));
  const box = await page.$eval("#status", (node) => {
    const rect = node.getBoundingClientRect();
    return { top: rect.top, bottom: rect.bottom, height: innerHeight };
  });
  assert.ok(box.top >= 0 && box.bottom <= box.height, JSON.stringify(box));
  await page.close();
});

test("an engine that cannot load is reported, not waited for", async () => {
  const page = await browser.context.newPage();
  await page.route("**/mcp_contract_bg.wasm", (route) => route.fulfill({ status: 404, body: "not found" }));
  await page.goto(`${server.origin}/#example=rule:tool.added`);
  await page.waitForSelector("body[data-failed=true]");
  assert.match(await page.textContent("#report"), /failed to start/);
  assert.doesNotMatch(await page.textContent("#report"), /Loading the engine/);
  await page.close();
});

test("opened from disk (file://) the page says why it cannot run", async () => {
  const page = await browser.context.newPage();
  await page.goto(pathToFileURL(path.join(dist, "index.html")).href);
  await page.waitForFunction(() => /file:\/\//.test(document.querySelector("#report").textContent), null, {
    timeout: 5000,
  });
  assert.match(await page.textContent("#report"), /web server/);
  await page.close();
});

test("hidden and direction-changing characters show as visible escapes", async () => {
  const tool = (name, description) => ({ name, description, inputSchema: { type: "object" } });
  const old = { tools: [tool("search", "Finds things."), tool("admin\u202Etxt.exe", "Plain.")] };
  const neu = { tools: [tool("sea\u200Brch", "Finds\u2066 things."), tool("admin\u202Etxt.exe", "Plain\uFEFF.")] };
  const state = { old: JSON.stringify(old, null, 2), new: JSON.stringify(neu, null, 2), config: "" };
  const { page, errors } = await open(await encodeState(state));
  const text = await page.textContent("#report");
  for (const hidden of ["\u202E", "\u200B", "\u2066", "\uFEFF"])
    assert.ok(!text.includes(hidden), `U+${hidden.codePointAt(0).toString(16)}`);
  assert.match(text, /sea⟨U\+200B⟩rch/);
  assert.match(text, /admin⟨U\+202E⟩txt\.exe/);
  assert.deepEqual(errors, []);
  await page.close();

  // The engine's hostile fixture, config included: nothing hidden reaches the page's report.
  const fixture = path.join(repoRoot, "tests", "fixtures", "hostile");
  const hostile = Object.fromEntries(
    await Promise.all(
      [
        ["old", "old.json"],
        ["new", "new.json"],
        ["config", "config.yaml"],
      ].map(async ([key, file]) => [key, await readFile(path.join(fixture, file), "utf8")]),
    ),
  );
  const opened = await open(await encodeState(hostile));
  const shown = await opened.page.textContent("#report");
  const report = engine.diff(hostile.old, hostile.new, hostile.config);
  assert.ok(report.changes.length + report.suppressed.length >= 5);
  assert.equal(
    shown.match(/[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u200B-\u200F\u202A-\u202E\u2066-\u2069\uFEFF]|\u{E0041}/u),
    null,
  );
  assert.match(shown, /⟨U\+202E⟩/);
  const hiddenRules = report.changes.filter((change) => /hiddenCharacters/.test(change.rule));
  const listedRules = await opened.page.$$eval("#report .change", (items) => items.map((item) => item.dataset.rule));
  for (const change of hiddenRules) assert.ok(listedRules.includes(change.rule), change.rule);
  console.log(
    `# hostile fixture: ${report.changes.length} changes (${hiddenRules.length} hiddenCharacters) shown inert`,
  );
  assert.deepEqual(opened.errors, []);
  await opened.page.close();

  // An input error quoting hostile text: the banner, the status line and the inline message.
  const badConfig = { old: state.old, new: state.new, config: "fail_on: BREAK\u202eING\n" };
  const failing = await open(await encodeState(badConfig));
  assert.equal(await failing.page.$eval("#report", (node) => node.dataset.state), "error");
  for (const where of ["#report", "#status"]) {
    const shownText = await failing.page.textContent(where);
    assert.ok(!shownText.includes("\u202e"), `${where}: ${shownText}`);
    assert.match(shownText, /⟨U\+202E⟩/, where);
  }
  await failing.page.close();
});

/** Pretty JSON of a snapshot with these tools. */
const snapshot = (tools) => JSON.stringify({ tools }, null, 2);
const tool = (name, description, properties = {}) => ({
  name,
  description,
  inputSchema: { type: "object", properties },
});

/**
 * A pair with a change of every severity and old → new values: a tool removed (BREAKING), a
 * description reworded (POTENTIALLY_BREAKING), `x_req` widened to accept strings (NON_BREAKING,
 * with values), a full stop dropped (DOCUMENTATION).
 */
const EVERY_SEVERITY = {
  old: snapshot([
    tool("gone", "Removed in this version."),
    tool("list_issues", "Lists the open issues of a repository."),
    tool("search", "Returns at most 10 issues, newest first."),
    tool("filter", "Filters issues.", { x_req: { type: "integer" } }),
  ]),
  new: snapshot([
    tool("list_issues", "Lists the open issues of a repository"),
    tool("search", "Deletes every issue it finds, oldest first."),
    tool("filter", "Filters issues.", { x_req: { type: ["integer", "string"] } }),
  ]),
  config: "",
};

test("badges, value chips and gutter markers meet WCAG AA contrast (4.5:1) in both colour schemes", async () => {
  const report = engine.diff(EVERY_SEVERITY.old, EVERY_SEVERITY.new, null);
  const severities = [...new Set(report.changes.map((change) => change.severity))].sort();
  assert.deepEqual(severities, ["BREAKING", "DOCUMENTATION", "NON_BREAKING", "POTENTIALLY_BREAKING"]);
  assert.ok(
    report.changes.some((change) => "old" in change && "new" in change),
    "a change with values",
  );
  const { page } = await open(await encodeState(EVERY_SEVERITY));
  for (const scheme of ["light", "dark"]) {
    await page.emulateMedia({ colorScheme: scheme });
    const measured = await page.evaluate(() => {
      const channels = (css) => css.match(/[\d.]+/g).map(Number);
      // The first opaque background from the node up (every ground here is opaque).
      const ground = (node) => {
        for (let at = node; at; at = at.parentElement) {
          const [r, g, b, a = 1] = channels(getComputedStyle(at).backgroundColor);
          if (a > 0) return [r, g, b];
        }
        return [255, 255, 255];
      };
      const luminance = (rgb) => {
        const [r, g, b] = rgb.map((c) => {
          const s = c / 255;
          return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
        });
        return 0.2126 * r + 0.7152 * g + 0.0722 * b;
      };
      const ratio = (a, b) => {
        const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
        return (hi + 0.05) / (lo + 0.05);
      };
      const nodes = document.querySelectorAll(
        "#report .badge[data-severity], #report .values code, .cm-gutter .sev-mark, #report .verdict-word",
      );
      return [...nodes].map((node) => ({
        what: `${node.className} “${node.textContent}”`,
        ratio: ratio(channels(getComputedStyle(node).color).slice(0, 3), ground(node)),
      }));
    });
    const kinds = new Set(measured.map(({ what }) => what.split(" ")[0] + " " + what.split(" ")[1]));
    for (const severity of severities) {
      assert.ok(kinds.has(`badge sev-${severity}`), `${scheme}: a ${severity} badge is measured`);
      assert.ok(kinds.has(`sev-mark sev-${severity}`), `${scheme}: a ${severity} gutter marker is measured`);
    }
    assert.ok(
      measured.some(({ what }) => what.startsWith("old ")) && measured.some(({ what }) => what.startsWith("new ")),
      `${scheme}: both value chips are measured`,
    );
    const poor = measured.filter(({ ratio }) => ratio < 4.5).map(({ what, ratio }) => `${what} ${ratio.toFixed(2)}:1`);
    assert.deepEqual(poor, [], `${scheme}: below 4.5:1`);
  }
  await page.close();
});

test("the filter finds a change by the property its location or message names", async () => {
  const { page } = await open(await encodeState(EVERY_SEVERITY));
  const changes = engine.diff(EVERY_SEVERITY.old, EVERY_SEVERITY.new, null).changes;
  const expected = changes.filter((c) => `${c.location} ${c.message}`.toLowerCase().includes("x_req"));
  assert.ok(expected.length >= 1);
  assert.ok(
    expected.every((c) => !`${c.rule} ${c.entity.kind} ${c.entity.name}`.includes("x_req")),
    "only the location or message names it",
  );
  await page.fill("#filter-text", "x_req");
  const shown = await page.$$eval('#report .change[data-kind="change"]:not([hidden])', (items) =>
    items.map((item) => item.querySelector(".location").textContent),
  );
  assert.deepEqual(
    shown,
    expected.map((c) => c.location),
  );
  await page.fill("#filter-text", "a marker was removed");
  assert.equal(await page.$$eval("#report .change:not([hidden])", (items) => items.length), 1, "by its message");
  await page.close();
});

test("a long run of alike changes is one expandable line, worded and grouped by the engine", async () => {
  const removed = Array.from({ length: 30 }, (_, i) => tool(`legacy_${String(i).padStart(2, "0")}`, "Old."));
  const state = {
    old: snapshot([...removed, tool("kept", "Kept.")]),
    new: snapshot([tool("kept", "Kept!")]),
    config: "",
  };
  const report = engine.diff(state.old, state.new, null, { groups: true });
  assert.deepEqual(
    report.groups.map(({ start, count }) => [start, count]),
    [[0, 30]],
    "the engine groups the 30 removals",
  );
  // The line as the CLI's text report prints it.
  const textLine = rendered(engine, state.old, state.new, null, "text")
    .split("\n")
    .find((line) => line.includes("--verbose lists each"));
  const { page } = await open(await encodeState(state));
  const runs = await page.$$eval("#report .run", (items) =>
    items.map((item) => ({
      headline: item.querySelector("summary .message").textContent,
      listing: item.querySelector("summary .listing").textContent,
      changes: item.querySelectorAll(".change").length,
      open: item.querySelector("details").open,
    })),
  );
  assert.deepEqual(runs, [
    { headline: report.groups[0].headline, listing: report.groups[0].listing, changes: 30, open: false },
  ]);
  assert.ok(textLine.startsWith(`  - ${runs[0].headline}: ${runs[0].listing}  [tool.removed`), textLine);
  assert.match(runs[0].headline, /^30 tools removed$/);
  // The change outside the run is listed on its own; the run's changes show when it is opened.
  assert.equal(await page.$$eval("#report .group > .changes > .change", (items) => items.length), 1);
  assert.equal(await page.isVisible('#report .run .change[data-index="0"]'), false);
  await page.click("#report .run summary");
  assert.equal(await page.isVisible('#report .run .change[data-index="0"]'), true);
  assert.equal(await page.isVisible('#report .run .change[data-index="29"]'), true);
  // The filter opens a run with a match and says how many of it match.
  await page.click("#report .run summary");
  await page.fill("#filter-text", "legacy_07");
  assert.equal(await page.$eval("#report .run details", (node) => node.open), true);
  assert.match(await page.textContent("#report .run summary"), /1 of 30 match/);
  await page.fill("#filter-text", "");
  assert.equal(await page.$eval("#report .run details", (node) => node.open), false);
  // A gutter marker of a grouped change opens its run and selects it.
  await page.click("#editor-old .sev-mark");
  assert.equal(await page.$eval("#report .run details", (node) => node.open), true);
  assert.ok(await page.isVisible("#report .run .change.selected"));
  await page.close();
});

test("a run of changes that alternate with another rule's is one line at its first change", async () => {
  // Each tool narrows `limit` and makes a new `mode` required: sorted by entity, the two BREAKING
  // rules alternate, and each is one run.
  const names = ["t0", "t1", "t2", "t3", "t4"];
  const state = {
    old: snapshot(names.map((name) => tool(name, "Same.", { limit: { type: "integer" } }))),
    new: snapshot(
      names.map((name) => ({
        name,
        description: "Same.",
        inputSchema: {
          type: "object",
          properties: { limit: { type: "integer", maximum: 50 }, mode: { type: "string" } },
          required: ["mode"],
        },
      })),
    ),
    config: "",
  };
  const report = engine.diff(state.old, state.new, null, { groups: true });
  const breaking = report.changes.filter((c) => c.severity === "BREAKING").length;
  assert.equal(breaking, 10);
  assert.deepEqual(
    report.groups
      .filter((run) => report.changes[run.start].severity === "BREAKING")
      .map(({ start, count, indices }) => [start, count, indices]),
    [
      [0, 5, [0, 2, 4, 6, 8]],
      [1, 5, [1, 3, 5, 7, 9]],
    ],
  );
  const { page } = await open(await encodeState(state));
  const section = '#report .group[data-severity="BREAKING"]';
  const runs = await page.$$eval(`${section} > .changes > .run`, (items) =>
    items.map((item) => ({
      headline: item.querySelector("summary .message").textContent,
      indices: [...item.querySelectorAll(".change")].map((change) => Number(change.dataset.index)),
    })),
  );
  assert.deepEqual(runs, [
    { headline: report.groups[0].headline, indices: [0, 2, 4, 6, 8] },
    { headline: report.groups[1].headline, indices: [1, 3, 5, 7, 9] },
  ]);
  assert.equal(await page.$$eval(`${section} > .changes > .change`, (items) => items.length), 0, "none on its own");
  assert.equal(await page.$$eval(`${section} .change`, (items) => items.length), 10, "each change once");
  await page.close();
});

test("while a run is in flight the report says it is updating, and stops saying so with the result", async () => {
  const { page } = await open(await encodeState(EVERY_SEVERITY));
  assert.equal(await page.$eval("#report", (node) => node.getAttribute("aria-busy")), "false");
  assert.equal(await page.isVisible("#busy"), false);
  // Every state the report and the "Updating…" label go through, from the edit to the new report.
  await page.evaluate(() => {
    window.busyStates = [];
    const record = () =>
      window.busyStates.push({
        busy: document.querySelector("#report").getAttribute("aria-busy"),
        label: document.querySelector("#busy").hidden ? null : document.querySelector("#busy").textContent,
        runs: Number(document.body.dataset.runs),
      });
    new MutationObserver(record).observe(document.querySelector("#report"), { attributeFilter: ["aria-busy"] });
  });
  const runs = await runsOf(page);
  await page.click("#editor-config .cm-content");
  await page.keyboard.type("fail_on: none\n");
  await nextReport(page, runs);
  const states = await page.evaluate(() => window.busyStates);
  assert.deepEqual(states[0], { busy: "true", label: "Updating…", runs }, JSON.stringify(states));
  assert.equal(states.at(-1).busy, "false", JSON.stringify(states));
  assert.equal(await page.isVisible("#busy"), false);
  assert.equal(await page.getAttribute("#busy", "role"), "status");
  await page.close();
});

test("a damaged or cut-off share link says so in words, never with the browser's exception", async () => {
  const whole = await encodeState(EVERY_SEVERITY);
  for (const hash of ["#s=not-deflate-data", whole.slice(0, Math.floor(whole.length / 2)), "#s=%%%"]) {
    const { page, errors } = await open(hash);
    const said = await page.textContent("#status");
    assert.match(said, /damaged or incomplete/, hash.slice(0, 20));
    assert.match(said, /whole link/);
    assert.match(said, /state file/);
    assert.doesNotMatch(said, /atob|Failed to execute|DOMException|TypeError|Error:/, said);
    assert.deepEqual(errors, []);
    await page.close();
  }
});

test("a config error leads to the config format, whose example the engine accepts", async () => {
  const pair = example("rule:tool.removed");
  const config = "severity_overides:\n  tool.removed: NON_BREAKING\n";
  const { page } = await open(await encodeState({ old: pair.old, new: pair.new, config }));
  assert.equal(await page.$eval("#report", (node) => node.dataset.state), "error");
  await page.click("#error-config-format");
  assert.equal(await page.$eval("#rule-dialog", (dialog) => dialog.open), true);
  const help = await page.textContent("#rule-body");
  for (const key of ["severity_overrides", "ignore", "fail_on", "warn_on"]) assert.ok(help.includes(key), key);
  for (const { id } of engine.meta().severities) assert.ok(help.includes(id), id);
  const shown = await page.textContent("#rule-body .config-example");
  assert.match(shown, /severity_overrides:\n/);
  assert.match(shown, /ignore:\n  - rule: /);
  assert.doesNotThrow(() => engine.diff(pair.old, pair.new, shown), "the example is a valid config");
  const runs = await runsOf(page);
  await page.click("#use-config-example");
  await nextReport(page, runs);
  assert.equal(await fullText(page, "config"), shown);
  assert.equal(await page.$eval("#report", (node) => node.dataset.state), "report");
  // The config pane offers the same at any time.
  await page.click("#config-format");
  assert.match(await page.textContent("#rule-body h2"), /Config format/);
  await page.keyboard.press("Escape");
  await page.close();
});

test("on a 375 px screen the status line covers no footer text and badges sit above titles", async () => {
  const artifacts = path.join(repoRoot, "test-artifacts");
  await mkdir(artifacts, { recursive: true });
  const { page } = await open(await encodeState(EVERY_SEVERITY));
  await page.setViewportSize({ width: 375, height: 812 });
  await page.evaluate(() => {
    document.querySelector("#status").textContent =
      "FAIL: 1 breaking, 1 potentially breaking, 1 non-breaking, 1 documentation in tools; a long status line.";
  });
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.waitForTimeout(100);
  const box = await page.evaluate(() => {
    const status = document.querySelector("#status").getBoundingClientRect();
    const last = [...document.querySelectorAll(".foot > :not(#status)")].at(-1).getBoundingClientRect();
    return { statusTop: status.top, statusHeight: status.height, footerTextBottom: last.bottom };
  });
  assert.ok(box.statusHeight > 40, `the status line wraps at 375 px: ${box.statusHeight}px`);
  assert.ok(box.footerTextBottom <= box.statusTop, JSON.stringify(box));
  await page.screenshot({ path: path.join(artifacts, "phone-375-bottom.png") });
  const titles = await page.$$eval("#report .change .locate", (buttons) =>
    buttons.map((button) => {
      const badge = button.querySelector(".badge").getBoundingClientRect();
      const message = button.querySelector(".message").getBoundingClientRect();
      return { badgeBottom: badge.bottom, messageTop: message.top, messageWidth: message.width };
    }),
  );
  for (const title of titles) assert.ok(title.badgeBottom <= title.messageTop, JSON.stringify(title));
  await page.$eval("#report", (node) => node.scrollIntoView());
  await page.screenshot({ path: path.join(artifacts, "phone-375-report.png") });
  await page.close();
});

test("an example never replaces the user's own snapshots unasked, and one undo puts them back", async () => {
  const own = { old: '{"tools":[{"name":"mine","inputSchema":{"type":"object"}}]}', new: '{"tools":[]}', config: "" };
  const { page, errors } = await open(await encodeState(own));
  const texts = async () => ({
    old: await fullText(page, "old"),
    new: await fullText(page, "new"),
    config: await fullText(page, "config"),
  });
  // A rule's help opens with Close focused: Enter closes it and loads nothing.
  await page.click("#report .rule-link");
  assert.equal(await page.evaluate(() => document.activeElement?.id), "rule-close");
  await page.keyboard.press("Enter");
  assert.equal(await page.$eval("#rule-dialog", (dialog) => dialog.open), false);
  assert.deepEqual(await texts(), own);
  // Its example pair asks first, with "Keep mine" focused: Enter keeps the user's texts.
  await page.click("#report .rule-link");
  await page.click("#rule-load");
  await page.waitForSelector("#replace-dialog[open]");
  assert.equal(await page.evaluate(() => document.activeElement?.id), "replace-keep");
  await page.keyboard.press("Enter");
  await page.waitForFunction(() => /Kept your snapshots/.test(document.querySelector("#status").textContent));
  assert.equal(await page.$eval("#replace-dialog", (dialog) => dialog.open), false);
  assert.deepEqual(await texts(), own);
  assert.equal(await page.isVisible("#undo-example"), false);
  // Escape keeps them too, and the menu goes back to no example.
  await page.selectOption("#examples", "rule:tool.added");
  await page.waitForSelector("#replace-dialog[open]");
  await page.evaluate(() => (document.querySelector("#status").textContent = ""));
  await page.keyboard.press("Escape");
  await page.waitForFunction(() => /Kept your snapshots/.test(document.querySelector("#status").textContent));
  assert.equal(await page.$eval("#examples", (node) => node.value), "");
  assert.deepEqual(await texts(), own);
  // Replacing them offers "Undo example"; a second example asks nothing (the first is unchanged)
  // and the one undo still puts back the user's own three texts.
  let runs = await runsOf(page);
  await page.selectOption("#examples", "rule:tool.added");
  await page.click("#replace-yes");
  await nextReport(page, runs);
  assert.equal(await fullText(page, "old"), example("rule:tool.added").old);
  assert.equal(await page.isVisible("#undo-example"), true);
  runs = await runsOf(page);
  await page.selectOption("#examples", "rule:tool.removed");
  await nextReport(page, runs);
  assert.equal(await page.$eval("#replace-dialog", (dialog) => dialog.open), false);
  assert.equal(await fullText(page, "old"), example("rule:tool.removed").old);
  runs = await runsOf(page);
  await page.click("#undo-example");
  await nextReport(page, runs);
  assert.deepEqual(await texts(), own);
  assert.equal(await page.isVisible("#undo-example"), false);
  assert.equal(await page.$eval("#examples", (node) => node.value), "");
  assert.deepEqual(errors, []);
  await page.close();
});

test("the selected change and its highlight survive a re-run, found by rule and location", async () => {
  const { page } = await open(await encodeState(EVERY_SEVERITY));
  const report = engine.diff(EVERY_SEVERITY.old, EVERY_SEVERITY.new, null);
  const index = report.changes.findIndex((change) => change.rule === "tool.description.changed");
  assert.ok(index > 0, "a change that is not the first");
  await page.click(`#report .change[data-kind="change"][data-index="${index}"] .locate`);
  await page.waitForSelector("#editor-new[data-highlight]");
  const highlight = await page.getAttribute("#editor-new", "data-highlight");
  // An edit that moves nothing the change is at: a comment in the config.
  const runs = await runsOf(page);
  await page.click("#editor-config .cm-content");
  await page.keyboard.type("# a note\n");
  await nextReport(page, runs);
  const selected = await page.$$eval("#report .change.selected", (nodes) => nodes.map((node) => node.dataset.index));
  assert.deepEqual(selected, [String(index)]);
  assert.equal(await page.getAttribute("#editor-new", "data-highlight"), highlight);
  // A change the new report no longer has leaves nothing selected.
  const again = await runsOf(page);
  await page.click("#editor-new .cm-content");
  await page.keyboard.press("Control+a");
  await page.keyboard.insertText(EVERY_SEVERITY.old);
  await nextReport(page, again);
  assert.equal(await page.$$eval("#report .change.selected", (nodes) => nodes.length), 0);
  await page.close();
});

test("on minified JSON the selected change's status gives its line and column", async () => {
  // Minified, after a tool the same on both sides whose description makes the line long.
  const minify = (text) => {
    const document = JSON.parse(text);
    document.tools.unshift({ name: "padding", description: "words ".repeat(100), inputSchema: { type: "object" } });
    return JSON.stringify(document);
  };
  const state = { old: minify(EVERY_SEVERITY.old), new: minify(EVERY_SEVERITY.new), config: "" };
  assert.ok(state.new.length > 400 && !state.new.includes("\n"), "one long line");
  const { page } = await open(await encodeState(state));
  const report = engine.diff(state.old, state.new, null);
  const index = report.changes.findIndex((change) => change.rule === "tool.description.changed");
  await page.click(`#report .change[data-kind="change"][data-index="${index}"] .locate`);
  await page.waitForSelector("#editor-new[data-highlight]");
  const [from] = (await page.getAttribute("#editor-new", "data-highlight-span")).split("-").map(Number);
  const status = await page.textContent("#status");
  assert.match(status, new RegExp(`new line 1, column ${from + 1}\\b`), status);
  assert.ok(from > 100, "a column far into the line");
  await page.close();
});
