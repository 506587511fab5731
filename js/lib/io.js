//! Reading the CLI's inputs: snapshot files or stdin, and the project config (explicit or found).
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { InputError, UsageError } from "./errors.js";

export const CONFIG_NAMES = [".mcp-contract.yaml", ".mcp-contract.yml"];

/** Reads a snapshot argument: a file path, or `-` for standard input. Returns `{ name, text }`. */
export function readInput(arg) {
  if (arg === "-") {
    try {
      return { name: "<stdin>", text: readFileSync(0, "utf8") };
    } catch (error) {
      throw new InputError(`<stdin>: cannot read standard input (${error.code ?? error.message})`);
    }
  }
  return { name: arg, text: readFile(arg) };
}

function readFile(path) {
  try {
    return readFileSync(path, "utf8");
  } catch (error) {
    const why = {
      ENOENT: "no such file",
      EISDIR: "is a directory, not a file",
      EACCES: "permission denied",
    }[error.code];
    throw new InputError(`${path}: ${why ?? `cannot read (${error.code ?? error.message})`}`);
  }
}

/**
 * The config to use: `--config FILE` if given; else `.mcp-contract.yaml` (or `.yml`) in the
 * current directory; else the same at the git repository root (the nearest folder up that holds
 * `.git`). Returns `{ name, text }` or null when there is none.
 */
export function loadConfig(explicit, cwd = process.cwd()) {
  if (explicit !== undefined) {
    if (explicit === "") throw new UsageError("--config needs a file name");
    return { name: explicit, text: readFile(explicit) };
  }
  const found = findConfig(cwd);
  return found ? { name: relative(cwd, found) || found, text: readFile(found) } : null;
}

export function findConfig(cwd) {
  const inFolder = (dir) => CONFIG_NAMES.map((name) => join(dir, name)).find((path) => existsSync(path));
  const here = inFolder(cwd);
  if (here) return here;
  const root = gitRoot(cwd);
  return root && root !== cwd ? inFolder(root) : undefined;
}

function gitRoot(start) {
  for (let dir = start; ; dir = dirname(dir)) {
    if (existsSync(join(dir, ".git"))) return dir;
    if (dirname(dir) === dir) return undefined;
  }
}
