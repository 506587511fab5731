// Shared by the JS tests: run the CLI as a user would, and the native Rust runner for comparison.
import { spawn, spawnSync } from "node:child_process";
import path from "node:path";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { targetDir } from "../../scripts/target-dir.mjs";

export const jsRoot = resolve(dirname(fileURLToPath(import.meta.url)), "..");
export const repoRoot = resolve(jsRoot, "..");
export const cliPath = join(jsRoot, "bin", "mcp-contract.js");
/** Node's arguments before the CLI's own that run the bundle without the bin, so without its V8 flags (bin/v8-flags.js). */
export const withoutBin = [
  "-e",
  `require(${JSON.stringify(join(jsRoot, "dist", "cli.cjs"))}).main(process.argv.slice(1)).then((code) => { process.exitCode = code; })`,
];
export const fixturesDir = join(repoRoot, "tests", "fixtures", "rules");
export const corpusDir = join(repoRoot, "tests", "corpus");

const scratchDirs = [];
/**
 * A fresh folder `mcp-contract-<label>-XXXXXX` under the temp directory (the per-run TMPDIR that
 * `make test` sets), removed when this test process exits, pass or fail. Every JS test makes its
 * temporary files here, so `make test` can fail a run that leaves an `mcp-contract-*` folder.
 */
export function scratchDir(label) {
  if (scratchDirs.length === 0) {
    process.on("exit", () => {
      for (const dir of scratchDirs) rmSync(dir, { recursive: true, force: true });
    });
  }
  const dir = mkdtempSync(join(tmpdir(), `mcp-contract-${label}-`));
  scratchDirs.push(dir);
  return dir;
}

/** Every rule fixture pair: `{ rule, old, new }` paths. */
export function fixturePairs() {
  return readdirSync(fixturesDir)
    .sort()
    .map((rule) => ({ rule, old: join(fixturesDir, rule, "old.json"), new: join(fixturesDir, rule, "new.json") }));
}

const quietEnv = (env) => ({ ...process.env, NO_COLOR: "1", FORCE_COLOR: undefined, ...env });

function cleanEnv(env) {
  return Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined));
}

/** Runs the CLI synchronously: `{ status, stdout, stderr }`. */
export function cli(args, { cwd = repoRoot, input, env = {} } = {}) {
  const result = spawnSync(process.execPath, [cliPath, ...args], {
    cwd,
    input,
    env: cleanEnv(quietEnv(env)),
    encoding: "utf8",
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/**
 * Runs the CLI asynchronously (for many pairs in parallel, or while a test server runs in this
 * process): `{ status, stdout, stderr }`. `onSpawn(child)` may signal it (Ctrl-C tests).
 */
export function cliAsync(args, { cwd = repoRoot, env = {}, onSpawn } = {}) {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [cliPath, ...args], { cwd, env: cleanEnv(quietEnv(env)) });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (status, signal) => resolvePromise({ status, signal, stdout, stderr }));
    onSpawn?.(child);
  });
}

/** Runs `work` over `items` with at most `limit` in flight; results in input order. */
export async function mapLimit(items, limit, work) {
  const results = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i], i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

const folders = (dir) =>
  existsSync(dir) ? readdirSync(dir, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => join(dir, e.name)) : [];

// Release files named by ref (v0.6.0, v0.17.0, v3-branch-3.0.0-alpha.1): numeric collation
// puts v0.6.0 before v0.17.0, which plain sorting does not.
const byVersion = new Intl.Collator("en", { numeric: true }).compare;

/** Every corpus pair and consecutive release pair: `{ label, old, new }` paths. */
export function corpusPairs() {
  const pairs = [];
  for (const server of folders(corpusDir)) {
    for (const pair of folders(join(server, "pairs"))) {
      pairs.push({ label: pair.slice(corpusDir.length + 1), old: join(pair, "old.json"), new: join(pair, "new.json") });
    }
    const releasesDir = join(server, "releases");
    const releases = existsSync(releasesDir) ? readdirSync(releasesDir).filter((f) => f.endsWith(".json")).sort(byVersion) : [];
    for (let i = 1; i < releases.length; i++) {
      pairs.push({
        label: `${releasesDir.slice(corpusDir.length + 1)}: ${releases[i - 1]} -> ${releases[i]}`,
        old: join(releasesDir, releases[i - 1]),
        new: join(releasesDir, releases[i]),
      });
    }
  }
  return pairs;
}

/**
 * A deterministic pseudo-random source (mulberry32): a function returning floats in [0, 1), the
 * same sequence for the same seed on every machine, so randomised tests are reproducible.
 */
export function seededRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

let nativeRunner;
/** The native runner (examples/report.rs), built once per test process. */
export function nativeRunnerPath() {
  if (!nativeRunner) {
    const build = spawnSync("cargo", ["build", "--quiet", "--example", "report"], { cwd: repoRoot, encoding: "utf8" });
    if (build.status !== 0) throw new Error(`cargo build --example report failed:\n${build.stderr}`);
    nativeRunner = join(targetDir(), "debug", "examples", process.platform === "win32" ? "report.exe" : "report");
  }
  return nativeRunner;
}

/** The native engine's output for a pair: `{ status, stdout, stderr }`. */
export function native(args) {
  const result = spawnSync(nativeRunnerPath(), args, { encoding: "utf8" });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

// ---- live-server helpers (capture, check) ----
export const JS_DIR = fileURLToPath(new URL('..', import.meta.url));
export const SERVERS = path.join(JS_DIR, 'test', 'servers');

/** `{ command, args }` running a test server with this Node. */
export function server(name, ...args) {
  return { command: process.execPath, args: [path.join(SERVERS, name), 'serve', ...args] };
}

export function alive(pid) {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return error.code === 'EPERM';
  }
  // A zombie has ended; it only waits for a parent (here often a container's pid 1) to reap it.
  try {
    return !/^\d+ \(.*\) Z/s.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return true; // no /proc: kill(pid, 0) is all there is
  }
}

/** Waits until none of the pids is alive (up to `ms`); returns the ones still alive. */
export async function gone(pids, ms = 3000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (!pids.some(alive)) return [];
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return pids.filter(alive);
}

/** The port a test server announces on stdout as `listening PORT`; rejects if it exits first. */
export function listeningPort(child, name) {
  return new Promise((resolve, reject) => {
    let text = '';
    child.stdout.on('data', (chunk) => {
      text += chunk;
      const match = /listening (\d+)/.exec(text);
      if (match) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`${name} exited with ${code}`)));
  });
}

/** Starts the surface server over HTTP; resolves to `{ url, stop }`. */
export async function httpServer(version, env = {}) {
  const child = spawn(process.execPath, [path.join(SERVERS, 'surface-server.mjs'), 'serve', version, 'http'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const port = await listeningPort(child, 'HTTP test server');
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill();
      }),
  };
}

/** Runs a node script; resolves to `{ code, signal, stdout, stderr }`. */
export function runNode(args, { env, input, onSpawn } = {}) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => (stdout += c));
    child.stderr.on('data', (c) => (stderr += c));
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
    child.stdin.end(input ?? '');
    onSpawn?.(child);
  });
}
