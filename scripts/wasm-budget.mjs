// The wasm module's size budget: `make test` fails when `gzip -9` of the built module is over it.
// Every byte is compiled on every CLI start and downloaded by every playground visitor, and a
// module's bytes are deterministic for a given compiler, so this is a budget, not a timing.
//
// The budget is a ratchet toward the goal: it is lowered in the commit that makes the module
// smaller, and a change that adds bytes pays for them elsewhere or says why it raises the
// budget. Sizes differ a little between compilers, so with a rustc other than the one the
// budget was recorded with the check allows TOLERANCE more and says so.
// docs/performance.md ("The size budget") has the history and what is left to reach the goal.
//
// usage: node scripts/wasm-budget.mjs [module.wasm] [--budget BYTES]   (exit 0 within, 1 over,
// 2 when the module or gzip is missing)
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** Bytes of `gzip -9` the module may have, and the compiler that figure was recorded with. */
export const BUDGET = { gzipBytes: 311_800, rustc: "1.95.0" };
/** Where the budget is going: issue 37's goal. */
export const GOAL = 300_000;
/** The slack for another compiler, as a fraction of the budget. */
export const TOLERANCE = 0.02;

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "..");

function main(argv) {
  const args = [...argv];
  const budgetAt = args.indexOf("--budget");
  const override = budgetAt < 0 ? undefined : Number(args.splice(budgetAt, 2)[1]);
  const path = args[0] ?? join(repoRoot, "pkg", "mcp_contract_bg.wasm");
  if (!existsSync(path)) return fail(2, `no ${path}: run \`make build\` first`);
  const gzip = spawnSync("gzip", ["-9c", path], { maxBuffer: 64 * 1024 * 1024 });
  if (gzip.error || gzip.status !== 0) return fail(2, `gzip -9 could not read ${path} (${gzip.error?.message ?? gzip.stderr})`);
  const size = gzip.stdout.length;
  const rustc = spawnSync("rustc", ["--version"], { encoding: "utf8" }).stdout?.split(" ")[1] ?? "unknown";
  const sameCompiler = rustc === BUDGET.rustc;
  const budget = override ?? (sameCompiler ? BUDGET.gzipBytes : Math.round(BUDGET.gzipBytes * (1 + TOLERANCE)));
  const allowance = override !== undefined || sameCompiler ? "" : ` (${BUDGET.gzipBytes} recorded with rustc ${BUDGET.rustc}, +${TOLERANCE * 100}% for rustc ${rustc})`;
  const line = `wasm size: ${size} bytes by gzip -9, budget ${budget}${allowance}, goal ${GOAL}`;
  if (size > budget) {
    return fail(
      1,
      `${line}: ${size - budget} bytes over.\n` +
        "Find where they went with `make wasm-size` (by crate, module and function), and cut them at the source; " +
        "raise BUDGET in scripts/wasm-budget.mjs only in a commit that says why the bytes are worth it.",
    );
  }
  console.log(`${line}: ${budget - size} bytes to spare`);
  return 0;
}

function fail(code, message) {
  console.error(`scripts/wasm-budget.mjs: ${message}`);
  return code;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exitCode = main(process.argv.slice(2));
