// Local package registries for the release tests: a real npm registry (verdaccio, pinned in
// tests/registries, installed by make test-js) and a PEP 503 simple index served from a folder
// of wheels, each holding the fixture servers of tests/fixtures/releases in several versions.
// Nothing here reaches the internet.
import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { copyFileSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import http from "node:http";
import { join } from "node:path";
import { repoRoot, scratchDir } from "./helpers.mjs";

const fixtures = join(repoRoot, "tests", "fixtures", "releases");
const verdaccioBin = join(repoRoot, "tests", "registries", "node_modules", "verdaccio", "bin", "verdaccio");

/** A free TCP port on 127.0.0.1. */
async function freePort() {
  const server = http.createServer();
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Starts verdaccio on a free port with its own storage and publishes the npm fixture server as
 * `name` in `versions` (in that order: the last is `latest`). Resolves to `{ url, stop }`.
 */
export async function startNpmRegistry({ name = "@fixture/mcp-server", versions }) {
  const dir = scratchDir("verdaccio");
  const port = await freePort();
  writeFileSync(
    join(dir, "config.yaml"),
    `storage: ${join(dir, "storage")}\nauth:\n  htpasswd:\n    file: ${join(dir, "htpasswd")}\nuplinks: {}\npackages:\n  '**':\n    access: $all\n    publish: $all\nlog: { type: stdout, format: json, level: error }\n`,
  );
  const child = spawn(process.execPath, [verdaccioBin, "--config", join(dir, "config.yaml"), "--listen", `127.0.0.1:${port}`], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}/`;
  const stop = () => child.kill("SIGKILL");
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      if ((await fetch(`${url}-/ping`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline || child.exitCode !== null) {
      stop();
      throw new Error(`verdaccio did not start: ${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  // npm publish wants a token for the registry; verdaccio lets anyone publish here.
  const auth = `--//127.0.0.1:${port}/:_authToken=fixture`;
  for (const version of versions) {
    const packageDir = join(dir, "packages", version);
    mkdirSync(packageDir, { recursive: true });
    copyFileSync(join(fixtures, "npm-server", "index.js"), join(packageDir, "index.js"));
    writeFileSync(join(packageDir, "package.json"), JSON.stringify({ name, version, bin: { "mcp-server": "index.js" } }));
    const published = spawnSync("npm", ["publish", "--registry", url, auth, "--loglevel=error", "--no-audit"], {
      cwd: packageDir,
      encoding: "utf8",
      env: { ...process.env, npm_config_cache: join(dir, "npm-cache") },
    });
    if (published.status !== 0) {
      stop();
      throw new Error(`npm publish ${name}@${version} failed: ${published.stderr}`);
    }
  }
  // A package whose dependency the registry does not have: its install fails.
  const broken = join(dir, "packages", "broken-deps");
  mkdirSync(broken, { recursive: true });
  writeFileSync(join(broken, "package.json"), JSON.stringify({ name: "@fixture/broken-deps", version: "1.0.0", bin: "index.js", dependencies: { "@fixture/absent": "1.0.0" } }));
  writeFileSync(join(broken, "index.js"), "#!/usr/bin/env node\n");
  const published = spawnSync("npm", ["publish", "--registry", url, auth, "--loglevel=error"], { cwd: broken, encoding: "utf8", env: { ...process.env, npm_config_cache: join(dir, "npm-cache") } });
  if (published.status !== 0) {
    stop();
    throw new Error(`npm publish @fixture/broken-deps failed: ${published.stderr}`);
  }
  return { url, stop };
}

/**
 * Serves a PEP 503 simple index on a free port holding wheels of the PyPI fixture server
 * (`mcp-fixture-server`) in `versions`, built by tests/fixtures/releases/build_wheel.py; versions
 * in `yanked` are marked yanked, those in `sdistOnly` have a source distribution and no wheel. Resolves to `{ url, stop, requests, authorizations }` (`url` ends in /simple; the
 * Authorization headers it was sent).
 */
export async function startSimpleIndex({ versions, yanked = [], sdistOnly = [] }) {
  const dir = scratchDir("simple-index");
  for (const version of versions) {
    const built = spawnSync("python3", [join(fixtures, "build_wheel.py"), version, dir], { encoding: "utf8" });
    if (built.status !== 0) throw new Error(`building the fixture wheel ${version} failed: ${built.stderr}`);
  }
  // Listed only: a release with a source distribution alone is refused before any download.
  for (const version of sdistOnly) writeFileSync(join(dir, `mcp_fixture_server-${version}.tar.gz`), "not fetched");
  const wheels = readdirSync(dir).filter((file) => file.endsWith(".whl") || file.endsWith(".tar.gz"));
  const requests = [];
  const authorizations = [];
  const server = http.createServer((request, response) => {
    requests.push(request.url);
    if (request.headers.authorization) authorizations.push(request.headers.authorization);
    if (request.url === "/simple/mcp-fixture-server/") {
      const links = wheels.map((file) => {
        const sha256 = createHash("sha256").update(readFileSync(join(dir, file))).digest("hex");
        const version = file.split("-")[1];
        const mark = yanked.includes(version) ? " data-yanked=\"\"" : "";
        return `<a href="/files/${file}#sha256=${sha256}"${mark}>${file}</a><br>`;
      });
      response.writeHead(200, { "content-type": "text/html" });
      return response.end(`<!DOCTYPE html><html><body>\n${links.join("\n")}\n</body></html>\n`);
    }
    const file = /^\/files\/([^/]+\.whl)$/.exec(request.url)?.[1];
    if (file && wheels.includes(file)) {
      response.writeHead(200, { "content-type": "application/octet-stream" });
      return response.end(readFileSync(join(dir, file)));
    }
    response.writeHead(404, { "content-type": "text/plain" });
    response.end("not found");
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${server.address().port}/simple`;
  return { url, requests, authorizations, stop: () => new Promise((resolve) => server.close(resolve)) };
}
