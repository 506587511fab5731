// Cargo's target folder, wherever this checkout's builds write: what the Makefile found
// (MCP_CONTRACT_TARGET_DIR), else CARGO_TARGET_DIR, else `cargo metadata`'s answer (which also
// knows a build.target-dir in .cargo/config.toml), else target/ in the repository.
import { spawnSync } from "node:child_process";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "..");
let found;

/** The absolute path of cargo's target folder for this repository. */
export function targetDir() {
  if (found) return found;
  const named = process.env.MCP_CONTRACT_TARGET_DIR || process.env.CARGO_TARGET_DIR;
  if (named) return (found = resolve(repoRoot, named));
  const metadata = spawnSync("cargo", ["metadata", "--format-version", "1", "--no-deps"], { cwd: repoRoot, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  try {
    found = JSON.parse(metadata.stdout).target_directory;
  } catch {
    found = undefined;
  }
  return (found ??= join(repoRoot, "target"));
}
