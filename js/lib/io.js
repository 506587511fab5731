//! The diff path's files: the project config (explicit or found), the repository root, report
//! files (`--output`) and the GitHub job summary. Snapshot inputs are read by inputs.js.
import { accessSync, appendFileSync, constants, existsSync, realpathSync, statSync, writeFileSync } from "node:fs";
import { basename, dirname, join, relative, resolve } from "node:path";
import { CliError, InputError, UsageError } from "./errors.js";
import { DEFAULT_MAX_BYTES, readFileBounded } from "./limits.js";

export const CONFIG_NAMES = [".mcp-contract.yaml", ".mcp-contract.yml"];

function readFile(path, maxBytes) {
  try {
    return readFileBounded(path, maxBytes, `the config \`${path}\``).toString("utf8");
  } catch (error) {
    if (error instanceof CliError) throw error;
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
export function loadConfig(explicit, cwd = process.cwd(), maxBytes = DEFAULT_MAX_BYTES) {
  if (explicit !== undefined) {
    if (explicit === "") throw new UsageError("--config needs a file name");
    return { name: explicit, text: readFile(explicit, maxBytes) };
  }
  const found = findConfig(cwd);
  return found ? { name: relative(cwd, found) || found, text: readFile(found, maxBytes) } : null;
}

export function findConfig(cwd) {
  const inFolder = (dir) => CONFIG_NAMES.map((name) => join(dir, name)).find((path) => existsSync(path));
  const here = inFolder(cwd);
  if (here) return here;
  const root = gitRoot(cwd);
  return root && root !== cwd ? inFolder(root) : undefined;
}

/** The nearest folder up from `start` that holds `.git`, or undefined. */
export function gitRoot(start) {
  for (let dir = start; ; dir = dirname(dir)) {
    if (existsSync(join(dir, ".git"))) return dir;
    if (dirname(dir) === dir) return undefined;
  }
}

/**
 * Refuses, before any work, an output `file` that cannot be written: a directory, or one whose
 * folder is missing, not a folder or not writable. `option` names the flag in the error line.
 */
export function checkWritable(file, option) {
  const cannot = (why) => new UsageError(`${option}: cannot write \`${file}\`: ${why}`);
  let target;
  try {
    target = statSync(file);
  } catch {
    // missing (it will be created), or its folder is: below
  }
  if (target?.isDirectory()) throw new UsageError(`${option}: \`${file}\` is a directory; give a file name`);
  const folder = dirname(file);
  let stats;
  try {
    stats = statSync(folder);
  } catch (error) {
    if (error.code === "ENOENT") throw cannot(`the folder \`${folder}\` does not exist; create it, or give another path`);
    if (error.code === "ENOTDIR") throw cannot(`\`${folder}\` is not a folder`);
    throw cannot(`its folder \`${folder}\` cannot be read (${error.code ?? error.message})`);
  }
  if (!stats.isDirectory()) throw cannot(`\`${folder}\` is not a folder`);
  try {
    accessSync(folder, constants.W_OK);
  } catch (error) {
    throw cannot(`the folder \`${folder}\` is not writable (${error.code ?? error.message})`);
  }
}

/**
 * Refuses, before anything is read or written, an output that is also an input (`diff OLD NEW
 * --output NEW` would replace a snapshot with the report) or that another output writes too.
 * `inputs`: `{ what, spec }` (`-` and `git:REF:PATH` are not files and are skipped); `outputs`:
 * `{ option, file }`. Two names are the same file when they resolve to one real path (links
 * followed), or to one device and inode when the file exists (hard links).
 */
export function checkDistinctPaths({ inputs = [], outputs = [], cwd = process.cwd() }) {
  const seen = new Map();
  const note = (key, entry) => {
    const earlier = seen.get(key);
    if (!earlier) return seen.set(key, entry);
    // Inputs come first. Two inputs may be one file (diff a.json a.json says "no changes").
    const [first, second] = [earlier, entry];
    if (!second.output) return;
    if (first.output) {
      throw new UsageError(`${second.option}: \`${second.file}\` is also written by ${first.option}; give each report its own file`);
    }
    throw new UsageError(
      `${second.option}: \`${second.file}\` is ${first.what}, an input; writing the report there would replace it, so give ${second.option} another file`,
    );
  };
  for (const { what, spec } of inputs) {
    if (typeof spec !== "string" || spec === "" || spec === "-" || spec.startsWith("git:")) continue;
    for (const key of fileKeys(resolve(cwd, spec))) note(key, { what, file: spec });
  }
  for (const { option, file } of outputs) {
    for (const key of fileKeys(resolve(cwd, file))) note(key, { option, file, output: true });
  }
}

/** The names under which a file is the same file: its real path, and its device and inode if it exists. */
function fileKeys(absolute) {
  let real;
  try {
    real = realpathSync(absolute);
  } catch {
    // Not there yet: its folder's real path and its name.
    try {
      real = join(realpathSync(dirname(absolute)), basename(absolute));
    } catch {
      real = absolute;
    }
  }
  const keys = [`path:${real}`];
  try {
    const { dev, ino } = statSync(real);
    if (ino) keys.push(`inode:${dev}:${ino}`);
  } catch {
    // missing: the path is its only name
  }
  return keys;
}

/** Writes a report to `--output FILE`. */
export function writeReport(file, text, option = "--output") {
  try {
    writeFileSync(file, text);
  } catch (error) {
    throw new InputError(`${option}: cannot write \`${file}\` (${error.code ?? error.message})`);
  }
}

/** Appends Markdown to the GitHub job summary when `$GITHUB_STEP_SUMMARY` is set; returns whether it did. */
export async function appendJobSummary(markdown, env = process.env) {
  const file = env.GITHUB_STEP_SUMMARY;
  if (!file) return false;
  try {
    appendFileSync(file, markdown.endsWith("\n") ? markdown : `${markdown}\n`);
  } catch (error) {
    throw new InputError(`$GITHUB_STEP_SUMMARY: cannot append to \`${file}\` (${error.code ?? error.message})`);
  }
  return true;
}

/**
 * Where a snapshot argument lives in the repository (for SARIF and GitHub annotations): a file
 * path relative to the git root (or the current folder), the PATH of `git:REF:PATH`, or
 * undefined for standard input. Always with `/` separators.
 */
export function repositoryPath(spec, cwd = process.cwd()) {
  if (spec === "-") return undefined;
  const fromGit = /^git:[^:]+:(.+)$/.exec(spec);
  const absolute = fromGit ? (fromGit[1].startsWith("./") ? resolve(cwd, fromGit[1]) : undefined) : resolve(cwd, spec);
  const root = gitRoot(cwd) ?? cwd;
  const path = absolute === undefined ? fromGit[1] : relative(root, absolute);
  return path.split("\\").join("/");
}
