// The playground at real size, in Chromium: the 915-tool stress snapshot (tests/corpus/stress)
// pasted against `{"tools":[]}` and against a lightly edited copy of itself. Prints the timings;
// fails only past a generous multiple of each target (4×: the test machine is shared; for
// clicks 4× on the median click and 8× on the slowest, since a click's first visit to a region
// of a 3.7 MB text lays out and shapes text never drawn before, wrapped as every text is), or
// past the targets themselves with PLAYGROUND_STRICT=1.
//   first report ≤ 1 s after a paste; clicking a change ≤ 50 ms; no main-thread task over
//   100 ms (Long Tasks API) while diffing, typing or clicking.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { launchBrowser, repoRoot, serveDist } from "./harness.mjs";

const STRICT = process.env.PLAYGROUND_STRICT === "1";
const SLACK = STRICT ? 1 : 4;
const TARGET = { reportMs: 1000, clickMs: 50, longTaskMs: 100 };

let server;
let browser;
let stress;

before(async () => {
  stress = await readFile(path.join(repoRoot, "tests", "corpus", "stress", "all-tools.json"), "utf8");
  server = await serveDist();
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.close();
});

/** The stress snapshot lightly edited: a few descriptions reworded, a required input added, a tool removed. */
function editedCopy(text) {
  const snapshot = JSON.parse(text);
  const tools = snapshot.tools;
  for (const i of [3, 120, 400, 777]) tools[i].description = `${tools[i].description ?? ""} Now paginated.`;
  const target = tools.find((tool) => tool.inputSchema?.properties && Object.keys(tool.inputSchema.properties).length);
  const first = Object.keys(target.inputSchema.properties)[0];
  target.inputSchema.required = [...new Set([...(target.inputSchema.required ?? []), first])];
  tools.splice(500, 1);
  return JSON.stringify(snapshot, null, 2);
}

async function openPage(hash = `#example=${encodeURIComponent("rule:tool.added")}`) {
  const page = await browser.context.newPage();
  await page.addInitScript(() => {
    window.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__longTasks.push({ start: entry.startTime, ms: entry.duration });
    }).observe({ type: "longtask", buffered: true });
  });
  await page.goto(`${server.origin}/${hash}`);
  await page.waitForSelector("body[data-ready=true]");
  return page;
}

/**
 * Pastes `text` into one editor as a user would (a paste event with the text on the clipboard);
 * the clock starts at the paste, after the test has handed the text to the page.
 */
async function paste(page, side, text) {
  await page.evaluate(
    ({ side, text }) => {
      window.__pasteText = text;
    },
    { side, text },
  );
  return page.evaluate(async (side) => {
    const runs = Number(document.body.dataset.runs);
    const content = document.querySelector(`#editor-${side} .cm-content`);
    content.focus();
    document.execCommand("selectAll");
    const transfer = new DataTransfer();
    transfer.setData("text/plain", window.__pasteText);
    const started = performance.now();
    content.dispatchEvent(new ClipboardEvent("paste", { clipboardData: transfer, bubbles: true, cancelable: true }));
    const pasted = performance.now();
    while (Number(document.body.dataset.runs) === runs) await new Promise((resolve) => setTimeout(resolve, 5));
    const shown = performance.getEntriesByName("report-shown").at(-1).startTime;
    // Let the frame after the report paint before the long tasks are read.
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50)));
    return { started, pasteMs: pasted - started, reportMs: shown - started };
  }, side);
}

const longTasksSince = (page, since) =>
  page.evaluate((since) => window.__longTasks.filter((task) => task.start >= since), since);

/** Clicks `count` changes spread over the report; returns each click's time to the next painted frame. */
async function clickChanges(page, count) {
  return page.evaluate(async (count) => {
    const buttons = [...document.querySelectorAll("#report .change .locate")];
    const step = Math.max(1, Math.floor(buttons.length / count));
    const times = [];
    for (let i = 0; i < buttons.length && times.length < count; i += step) {
      const started = performance.now();
      buttons[i].click();
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
      times.push(performance.now() - started);
    }
    return times;
  }, count);
}

const ms = (n) => `${Math.round(n)} ms`;
/** Long tasks as "duration@start" relative to `origin`, for the printed breakdown. */
const timeline = (tasks, origin) => tasks.map((task) => `${ms(task.ms)}@+${Math.round(task.start - origin)}`).join(" ");
const worst = (tasks) => tasks.reduce((max, task) => Math.max(max, task.ms), 0);

function check(label, value, target) {
  const limit = target * SLACK;
  assert.ok(value <= limit, `${label}: ${ms(value)} (target ${ms(target)}, failing above ${ms(limit)})`);
}

test("first load, with the default example and with an example link: no long task", async () => {
  for (const hash of ["", `#example=${encodeURIComponent("rule:tool.added")}`]) {
    const slowest = [];
    for (let run = 0; run < 3; run++) {
      const page = await openPage(hash);
      // The report's own frame, then the long tasks from navigation on.
      await new Promise((resolve) => setTimeout(resolve, 200));
      const tasks = await longTasksSince(page, 0);
      const first = await page.evaluate(() => performance.getEntriesByName("first-report")[0].startTime);
      console.log(
        `# first load ${hash ? "of an example link" : "(default example)"}: first report at ${ms(first)}; long tasks: ` +
          `${tasks.length} (worst ${ms(worst(tasks))}) ${timeline(tasks, 0)}`,
      );
      slowest.push(worst(tasks));
      await page.close();
    }
    // The slowest of three loads, each a cold start of the page's scripts.
    check(`longest task at first load${hash ? " of an example link" : ""}`, Math.max(...slowest), TARGET.longTaskMs);
  }
});

test('stress snapshot against {"tools":[]}: report within 1 s, no long task', async () => {
  const page = await openPage();
  await paste(page, "new", '{"tools":[]}');
  const { started: since, pasteMs, reportMs } = await paste(page, "old", stress);
  const changes = await page.$$eval('#report .change[data-kind="change"]', (items) => items.length);
  const tasks = await longTasksSince(page, since);
  console.log(
    `# stress vs {"tools":[]}: ${changes} changes; paste handled in ${ms(pasteMs)}, report ${ms(reportMs)} after the paste; ` +
      `long tasks: ${tasks.length} (worst ${ms(worst(tasks))}) ${timeline(tasks, since)}`,
  );
  assert.ok(changes >= 900, `${changes} changes listed`);
  // The paste event itself is one task: CodeMirror taking in 3.7 MB of text.
  check("the paste's own task", pasteMs, TARGET.longTaskMs);
  check("report after paste", reportMs, TARGET.reportMs);
  check("longest main-thread task", worst(tasks), TARGET.longTaskMs);
  await page.close();
});

test("the stress snapshot minified (one 3 MB line): the paste's own task and the report, no long task", async () => {
  const page = await openPage();
  await paste(page, "new", '{"tools":[]}');
  const { started: since, pasteMs, reportMs } = await paste(page, "old", JSON.stringify(JSON.parse(stress)));
  const tasks = await longTasksSince(page, since);
  console.log(
    `# minified stress vs {"tools":[]}: paste handled in ${ms(pasteMs)}, report ${ms(reportMs)} after the paste; ` +
      `long tasks: ${tasks.length} (worst ${ms(worst(tasks))}) ${timeline(tasks, since)}`,
  );
  check("the minified paste's own task", pasteMs, TARGET.longTaskMs);
  check("longest main-thread task after a minified paste", worst(tasks), TARGET.longTaskMs);
  await page.close();
});

test("stress snapshot against its edited copy: report within 1 s, clicks within 50 ms, typing never blocks", async () => {
  const page = await openPage();
  await paste(page, "old", stress);
  const { started: since, pasteMs, reportMs } = await paste(page, "new", editedCopy(stress));
  const diffTasks = await longTasksSince(page, since);
  const rules = await page.$$eval('#report .change[data-kind="change"]', (items) => items.map((i) => i.dataset.rule));
  assert.ok(rules.includes("tool.input.required.added") && rules.includes("tool.removed"), rules.join(", "));

  const clickSince = await page.evaluate(() => performance.now());
  const clicks = await clickChanges(page, 8);
  const clickTasks = await longTasksSince(page, clickSince);
  assert.ok(await page.$("#editor-new[data-highlight-span], #editor-old[data-highlight-span]"));

  // Typing in the middle of the 3.7 MB document: each key, then the debounced diff.
  const typeSince = await page.evaluate(() => performance.now());
  const runs = await page.evaluate(() => Number(document.body.dataset.runs));
  await page.click("#editor-new .cm-content");
  await page.keyboard.press("Home");
  const keyDelays = [];
  for (const key of "  ") {
    const started = Date.now();
    await page.keyboard.type(key);
    keyDelays.push(Date.now() - started);
  }
  await page.waitForFunction((runs) => Number(document.body.dataset.runs) > runs, runs, { timeout: 20_000 });
  const typeTasks = await longTasksSince(page, typeSince);

  console.log(
    `# stress vs edited copy: ${rules.length} changes; paste handled in ${ms(pasteMs)}, report ${ms(reportMs)} after the paste; ` +
      `long tasks while diffing: ${diffTasks.length} (worst ${ms(worst(diffTasks))}) ${timeline(diffTasks, since)}`,
  );
  console.log(
    `# clicks: ${clicks.map(ms).join(", ")} (worst ${ms(Math.max(...clicks))}); long tasks while clicking: worst ${ms(worst(clickTasks))}`,
  );
  console.log(
    `# typing: key round trips ${keyDelays.map(ms).join(", ")}; long tasks while typing and rediffing: worst ${ms(worst(typeTasks))}`,
  );
  check("the paste's own task", pasteMs, TARGET.longTaskMs);
  check("report after paste", reportMs, TARGET.reportMs);
  check("longest task while diffing", worst(diffTasks), TARGET.longTaskMs);
  const median = [...clicks].sort((a, b) => a - b)[Math.floor(clicks.length / 2)];
  console.log(`# clicks: median ${ms(median)}`);
  if (STRICT) check("slowest click", Math.max(...clicks), TARGET.clickMs);
  else {
    check("median click", median, TARGET.clickMs);
    check("slowest click (twice the slack)", Math.max(...clicks) / 2, TARGET.clickMs);
  }
  check("longest task while clicking", worst(clickTasks), TARGET.longTaskMs);
  check("longest task while typing", worst(typeTasks), TARGET.longTaskMs);
  await page.close();
});

test("stress state: share link, Download state, Open state and a link opened: no main-thread task over 100 ms", async () => {
  const page = await openPage();
  await browser.context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.origin });
  // The largest link that fits: the stress snapshot's first 600 tools (2.3 MB, a 389,000-character
  // link); the whole pair, for the state file, would not.
  const parsed = JSON.parse(stress);
  await paste(page, "new", '{"tools":[]}');
  await paste(page, "old", JSON.stringify({ ...parsed, tools: parsed.tools.slice(0, 600) }, null, 2));
  const now = () => page.evaluate(() => performance.now());
  const status = () => page.$eval("#status", (node) => node.textContent);
  const timed = async (label, action) => {
    const since = await now();
    await action();
    // Let the frame after the action paint before the long tasks are read.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50))));
    const tasks = await longTasksSince(page, since);
    console.log(`# ${label}: ${ms((await now()) - since)}; long tasks: ${tasks.length} (worst ${ms(worst(tasks))})`);
    return worst(tasks);
  };
  const shareTask = await timed("copy share link", async () => {
    await page.click("#share");
    await page.waitForFunction(() => /Share link copied|Too big for a link|Not copied/.test(document.body.textContent));
  });
  // A link over the limit is refused in a dialog, which offers the state file instead.
  const refused = await page.$("#share-too-big");
  if (refused) await page.keyboard.press("Escape");
  console.log(`# the share link: ${refused ? "over the limit (refused)" : "copied"}`);
  const hash = await page.evaluate(() => location.hash);
  assert.ok(hash.startsWith("#s="), "the link to 600 tools fits");
  await paste(page, "old", stress);
  await paste(page, "new", editedCopy(stress));
  const [download] = await Promise.all([page.waitForEvent("download"), page.click("#download-state")]);
  const file = await download.path();
  const downloadTask = await timed("download state (again, timed)", async () => {
    const [again] = await Promise.all([page.waitForEvent("download"), page.click("#download-state")]);
    await again.path();
  });
  const openTask = await timed("open state", async () => {
    const runs = await page.evaluate(() => Number(document.body.dataset.runs));
    const [chooser] = await Promise.all([page.waitForEvent("filechooser"), page.click('[data-open="state"]')]);
    await chooser.setFiles(file);
    await page.waitForFunction((runs) => Number(document.body.dataset.runs) > runs, runs, { timeout: 20_000 });
  });
  assert.match(await status(), /Opened the state file|Share link|State file/);
  let linkTask = 0;
  {
    const opened = await openPage();
    const since = await opened.evaluate(() => performance.now());
    await opened.evaluate((hash) => {
      location.hash = hash;
    }, hash);
    await opened.waitForFunction(() => /Restored the shared state/.test(document.body.textContent), null, {
      timeout: 20_000,
    });
    await opened.waitForFunction(() => document.querySelector("#report .banner"));
    const tasks = await longTasksSince(opened, since);
    linkTask = worst(tasks);
    console.log(`# open a share link: long tasks: ${tasks.length} (worst ${ms(linkTask)})`);
    await opened.close();
  }
  check("longest task copying the share link", shareTask, TARGET.longTaskMs);
  check("longest task downloading the state", downloadTask, TARGET.longTaskMs);
  check("longest task opening the state", openTask, TARGET.longTaskMs);
  check("longest task opening a share link", linkTask, TARGET.longTaskMs);
  await page.close();
});
