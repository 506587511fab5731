// Shared by the browser tests and the benchmark: a tiny static server for www/dist on
// 127.0.0.1 (random free port) and a Chromium or Chrome (Debian's chromium in CI) driven by
// playwright-core.
import { spawnSync } from "node:child_process";
import { createServer } from "node:http";
import { readFile, rm } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
// One temp-folder helper for every JS test in the repository (removed at exit, pass or fail).
import { scratchDir } from "../../js/test/helpers.mjs";

export const www = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
export const dist = path.join(www, "dist");
export const repoRoot = path.dirname(www);

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".wasm": "application/wasm",
};

/** Serves www/dist; resolves to `{origin, close()}`. Paths outside dist are refused. */
export async function serveDist() {
  const server = createServer(async (request, response) => {
    const url = new URL(request.url, "http://localhost");
    const relative = decodeURIComponent(url.pathname === "/" ? "/index.html" : url.pathname);
    const file = path.join(dist, path.normalize(relative));
    if (!file.startsWith(dist + path.sep)) {
      response.writeHead(403).end();
      return;
    }
    try {
      const body = await readFile(file);
      response.writeHead(200, {
        "content-type": TYPES[path.extname(file)] ?? "application/octet-stream",
        "cache-control": "no-store",
      });
      response.end(body);
    } catch {
      response.writeHead(404).end("not found");
    }
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address();
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/**
 * The browser to drive: scripts/find-chrome.sh looks at CHROME_PATH, the usual install locations
 * and PATH (`make test` runs it with --install first, which installs Debian's chromium when none).
 */
function chromePath() {
  const found = spawnSync("bash", [path.join(repoRoot, "scripts", "find-chrome.sh")], { encoding: "utf8" });
  if (found.status !== 0) throw new Error(found.stderr.trim() || `scripts/find-chrome.sh exited ${found.status}`);
  return found.stdout.trim();
}

/**
 * Launches chromium with a fresh profile; `close()` also removes the profile. A launch that fails
 * is tried once more with a new profile: on a loaded 2-core CI machine Chromium's zygote has
 * failed to fork its GPU process and crashed before the first page (a clean-clone run, then the
 * same suite passing in full at once), which says nothing about the playground.
 */
export async function launchBrowser() {
  try {
    return await launchOnce();
  } catch (first) {
    process.stderr.write(
      `www tests: chromium failed to launch, trying once more: ${String(first.message).split("\n")[0]}\n`,
    );
    return launchOnce();
  }
}

async function launchOnce() {
  const profile = scratchDir("www");
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromePath(),
    headless: true,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
    viewport: { width: 1280, height: 800 },
  });
  return {
    context,
    close: async () => {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}
