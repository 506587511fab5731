// A phone (375 px) in Chromium (issue 38 item 5): the page leads with the verdict (no scroll at
// load, the verdict on the first screen), every control is a tap target of at least 24 px, a
// tap on a change highlights it inside the editors without moving the page, and the editors
// can be hidden and shown again.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { launchBrowser, serveDist } from "./harness.mjs";

let server;
let browser;

before(async () => {
  server = await serveDist();
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.close();
});

const PHONE = { width: 375, height: 667 };

async function openOnPhone(example) {
  const page = await browser.context.newPage();
  await page.setViewportSize(PHONE);
  await page.goto(`${server.origin}/#example=${encodeURIComponent(example)}`);
  await page.waitForSelector("body[data-ready=true]");
  await page.waitForSelector("#report .banner");
  // What the first change's highlight may scroll, after load.
  await page.waitForTimeout(300);
  return page;
}

test("a phone leads with the verdict, with tap targets of 24 px", async () => {
  const page = await openOnPhone("release:largest");
  assert.equal(await page.evaluate(() => window.scrollY), 0, "no scroll at load");
  const banner = await page.$eval("#report .banner", (node) => node.getBoundingClientRect().toJSON());
  assert.ok(
    banner.top >= 0 && banner.bottom <= PHONE.height,
    `the verdict on the first screen: ${JSON.stringify(banner)}`,
  );
  const small = await page.$$eval("button, select, input, summary, a, .rule-link", (nodes) =>
    nodes
      .map((node) => ({ node, box: node.getBoundingClientRect() }))
      .filter(({ box }) => box.width > 0 && (box.height < 24 || box.width < 24))
      .map(({ node, box }) => `${node.tagName.toLowerCase()}#${node.id}.${node.className} ${box.width}x${box.height}`),
  );
  assert.deepEqual(small, [], "tap targets under 24 px");
  await page.close();
});

test("a tap on a change on a phone highlights it in the editors without moving the page", async () => {
  const page = await openOnPhone("release:largest");
  const items = await page.$$("#report .change .locate");
  assert.ok(items.length > 20, `${items.length} changes`);
  // A change far down the report, whose lines are far down the snapshots.
  const item = items[items.length - 1];
  await item.scrollIntoViewIfNeeded();
  const before = await page.evaluate(() => window.scrollY);
  await item.click();
  await page.waitForTimeout(400);
  assert.equal(await page.evaluate(() => window.scrollY), before, "the page stays where the reader is");
  const shown = await page.$eval("#editor-new", (editor) => {
    const line = editor.querySelector(".cm-hl-line, .cm-hl-span");
    if (!line) return "no highlight drawn";
    const [box, scroller] = [
      line.getBoundingClientRect(),
      editor.querySelector(".cm-scroller").getBoundingClientRect(),
    ];
    return box.bottom > scroller.top && box.top < scroller.bottom
      ? "inside"
      : `outside the editor's view: ${box.top} vs ${scroller.top}-${scroller.bottom}`;
  });
  assert.equal(shown, "inside", "the editor scrolled to the change");
  await page.close();
});

test("the editors can be hidden and shown again on a phone", async () => {
  const page = await openOnPhone("rule:tool.removed");
  const toggle = page.locator("#inputs-toggle");
  assert.equal(await toggle.getAttribute("aria-expanded"), "true");
  await toggle.click();
  assert.equal(await toggle.getAttribute("aria-expanded"), "false");
  assert.equal(await page.locator("#inputs").isVisible(), false);
  assert.match(await toggle.textContent(), /Show the snapshots/);
  await toggle.click();
  assert.equal(await page.locator("#inputs").isVisible(), true);
  assert.equal(await page.locator("#editor-new .cm-content").isVisible(), true);
  // On a wide screen there is nothing to toggle: the editors are always there.
  await page.setViewportSize({ width: 1280, height: 800 });
  assert.equal(await toggle.isVisible(), false);
  await page.close();
});
