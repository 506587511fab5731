// `make bench`: the CLI's wall time on a small pair next to a bare `node -e 0`, as the median of
// N runs each (default 15; BENCH_RUNS overrides). Prints figures only: the target (≤ 1.5× the
// bare start) is for people to read, never a timed assertion.
import { spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const runs = Number(process.env.BENCH_RUNS ?? 15);
const pair = join(root, "tests", "fixtures", "rules", "tool.description.changed");

function once(args) {
  const start = process.hrtime.bigint();
  const result = spawnSync(process.execPath, args, { cwd: root, stdio: "ignore", env: { ...process.env, NO_COLOR: "1" } });
  if (result.status !== 0 && result.status !== 1) throw new Error(`${args.join(" ")} exited ${result.status}`);
  return Number(process.hrtime.bigint() - start) / 1e6;
}

const median = (times) => times.sort((a, b) => a - b)[Math.floor(times.length / 2)];

// Interleaved, so that load from other processes hits both sides alike.
const cli = [join(root, "js", "bin", "mcp-contract.js"), "diff", join(pair, "old.json"), join(pair, "new.json")];
const bareTimes = [];
const diffTimes = [];
for (let i = 0; i < runs; i++) {
  bareTimes.push(once(["-e", "0"]));
  diffTimes.push(once(cli));
}
const bare = median(bareTimes);
const diff = median(diffTimes);
const ratio = diff / bare;
console.log(`cli start: node -e 0 ${bare.toFixed(1)} ms, mcp-contract diff (small pair) ${diff.toFixed(1)} ms: ${ratio.toFixed(2)}x (target <= 1.5x; median of ${runs})`);
