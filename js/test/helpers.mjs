// Shared by the JS tests: run the CLI as a user would, and the native Rust runner for comparison.
import { spawn, spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const jsRoot = resolve(dirname(fileURLToPath(import.meta.url)), "..");
export const repoRoot = resolve(jsRoot, "..");
export const cliPath = join(jsRoot, "bin", "mcp-contract.js");
export const fixturesDir = join(repoRoot, "tests", "fixtures", "rules");
export const corpusDir = process.env.MCP_CONTRACT_CORPUS ?? resolve(repoRoot, "..", "shared", "corpus");

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

/** Runs the CLI asynchronously (for running many pairs in parallel). */
export function cliAsync(args, { cwd = repoRoot } = {}) {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [cliPath, ...args], { cwd, env: cleanEnv(quietEnv({})) });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (status) => resolvePromise({ status, stdout, stderr }));
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

let nativeRunner;
/** The native runner (examples/report.rs), built once per test process. */
export function nativeRunnerPath() {
  if (!nativeRunner) {
    const build = spawnSync("cargo", ["build", "--quiet", "--example", "report"], { cwd: repoRoot, encoding: "utf8" });
    if (build.status !== 0) throw new Error(`cargo build --example report failed:\n${build.stderr}`);
    const targetDir = process.env.CARGO_TARGET_DIR ?? join(repoRoot, "target");
    nativeRunner = join(targetDir, "debug", "examples", process.platform === "win32" ? "report.exe" : "report");
  }
  return nativeRunner;
}

/** The native engine's output for a pair: `{ status, stdout, stderr }`. */
export function native(args) {
  const result = spawnSync(nativeRunnerPath(), args, { encoding: "utf8" });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}
