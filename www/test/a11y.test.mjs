// Accessibility in Chromium (issue 38 item 6): axe-core finds no serious or critical violation
// in the light, dark, error and phone states of the page. axe is served from the page's own
// origin, which its Content-Security-Policy allows, so the page is checked as users get it.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { encodeState } from "../src/share.js";
import { launchBrowser, repoRoot, serveDist } from "./harness.mjs";

let server;
let browser;
let axe;

before(async () => {
  axe = await readFile(path.join(repoRoot, "www", "node_modules", "axe-core", "axe.min.js"), "utf8");
  server = await serveDist();
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.close();
});

/** The serious and critical violations axe finds on the page at `fragment` after `setup`. */
async function violations(fragment, setup) {
  const page = await browser.context.newPage();
  await setup(page);
  await page.route("**/axe.min.js", (route) => route.fulfill({ body: axe, contentType: "text/javascript" }));
  await page.goto(`${server.origin}/${fragment}`);
  await page.waitForSelector("body[data-ready=true]");
  await page.addScriptTag({ url: "/axe.min.js" });
  const result = await page.evaluate(() => globalThis.axe.run(document, { resultTypes: ["violations"] }));
  await page.close();
  return result.violations
    .filter((violation) => ["serious", "critical"].includes(violation.impact))
    .map(
      (violation) =>
        `${violation.id}: ${violation.nodes
          .map((node) => `${node.target.join(" ")} (${(node.failureSummary ?? "").replace(/\s+/g, " ").slice(-160)})`)
          .slice(0, 3)
          .join(", ")}`,
    );
}

const example = `#example=${encodeURIComponent("rule:tool.removed")}`;

test("axe-core: no serious violation in the light, dark, error and phone states", async () => {
  const configError = await encodeState({ old: '{"tools":[]}', new: '{"tools":[]}', config: "fail_on: [\n" });
  const states = [
    ["light", example, async () => {}],
    ["dark", example, (page) => page.emulateMedia({ colorScheme: "dark" })],
    ["error", configError, async () => {}],
    ["dark error", configError, (page) => page.emulateMedia({ colorScheme: "dark" })],
    ["phone", example, (page) => page.setViewportSize({ width: 375, height: 800 })],
  ];
  for (const [name, fragment, setup] of states) {
    assert.deepEqual(await violations(fragment, setup), [], name);
  }
});
