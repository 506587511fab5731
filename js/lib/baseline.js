// Snapshot files for `snapshot --out` and `check --baseline [--update]`: capture, then hand the
// committed baseline and the fresh capture to the diff as OLD and NEW texts.
import { rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { capture } from './capture.js';
import { formatSnapshot } from './canonical.js';
import { engine } from './engine.js';
import { CliError, describeEngineError } from './errors.js';
import { DEFAULT_MAX_BYTES, readFileBounded } from './limits.js';

export { appendJobSummary } from './io.js';

/** Writes a snapshot atomically (temp file + rename), so a failed write never leaves half a baseline. */
export async function writeSnapshotFile(file, snapshot) {
  const text = typeof snapshot === 'string' ? snapshot : formatSnapshot(snapshot);
  if (await isDirectory(file)) throw new CliError(`cannot write the snapshot to \`${file}\`: it is a directory (give a file name)`);
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.tmp`);
  try {
    await writeFile(temp, text);
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true }).catch(() => {}); // never leave the temporary file behind
    // The user's path only: the temporary file's name means nothing to them.
    const why = WRITE_ERRORS[error.code] ?? (error.code ? `${error.code}` : error.message.split(temp).join(file));
    throw new CliError(`cannot write the snapshot to \`${file}\`: ${why}`);
  }
}

const WRITE_ERRORS = {
  ENOENT: 'its folder does not exist',
  ENOTDIR: 'a part of its path is not a folder',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EROFS: 'the file system is read-only',
  ENOSPC: 'no space left on the device',
  EDQUOT: 'the disk quota is exceeded',
};

async function isDirectory(file) {
  try {
    return (await stat(file)).isDirectory();
  } catch {
    return false;
  }
}

/**
 * `check`: captures the server (capture options as for `capture`) and returns
 * `{ oldText, newText, updated }` for the diff. With `update`, the baseline is (re)written with
 * the capture; a missing baseline without `update` is an error that says how to create it.
 */
export async function checkAgainstBaseline({ baseline, update = false, ...captureOptions }) {
  if (!baseline) throw new CliError('check needs --baseline FILE');
  let oldText = null;
  try {
    oldText = readFileBounded(baseline, captureOptions.maxBytes ?? DEFAULT_MAX_BYTES, `the baseline \`${baseline}\``).toString('utf8');
  } catch (error) {
    if (error instanceof CliError) throw error;
    if (error.code !== 'ENOENT') throw new CliError(`cannot read the baseline \`${baseline}\`: ${error.message}`);
    if (!update) throw new CliError(`the baseline \`${baseline}\` does not exist; run check with --update once to create it`);
  }
  // Before the server starts and before --update writes: a file that is not a snapshot (a
  // package.json given by mistake, a broken merge) is refused, never replaced by the capture.
  if (oldText !== null) checkBaselineText(baseline, oldText, update);
  const { snapshot } = await capture(captureOptions);
  const newText = formatSnapshot(snapshot);
  if (update) await writeSnapshotFile(baseline, newText);
  return { oldText: oldText ?? newText, newText, updated: update, created: oldText === null };
}

/** Parses the baseline as the diff would (the engine, OLD against itself); refuses one that is not a snapshot. */
function checkBaselineText(baseline, text, update) {
  try {
    engine.diff(text, text, null);
  } catch (error) {
    if (error?.name !== 'McpContractError' || error.input !== 'old') throw error;
    const what = update
      ? 'It is not a valid snapshot, so --update leaves it as it is: fix it, pass another --baseline path, or delete the file to create a new baseline'
      : 'It is not a valid snapshot: fix it, or pass another --baseline path (check --update creates a baseline where no file is)';
    throw new CliError(`${describeEngineError(error, { old: baseline }).replace(/\.$/, '')}. ${what}`);
  }
}

export const MAX_TIMEOUT_MS = 2 ** 31 - 1;

/** `--timeout` values: `30` (seconds), `30s`, `1500ms`, `2m`. Returns milliseconds. */
export function parseTimeout(text, option = '--timeout') {
  const match = /^(\d+(?:\.\d+)?)(ms|s|m)?$/.exec(String(text).trim());
  const ms = match ? Number(match[1]) * { ms: 1, s: 1000, m: 60_000 }[match[2] ?? 's'] : NaN;
  // Rounded first: `0.4ms` would be a zero timeout.
  if (!Number.isFinite(ms) || Math.round(ms) <= 0) throw new CliError(`${option}: \`${text}\` must be a positive duration like 30s, 1500ms or 2m (a bare number is seconds)`);
  // Node's timers hold at most 2^31 - 1 ms; a longer one would fire at once.
  if (Math.round(ms) > MAX_TIMEOUT_MS) throw new CliError(`${option}: \`${text}\` is longer than the longest timeout, ${MAX_TIMEOUT_MS / 1000} s (24.8 days)`);
  return Math.round(ms);
}

/** `--header NAME=ENVVAR`: the header's value is read from the environment variable. */
export function parseHeader(text) {
  const match = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+)=([A-Za-z_][A-Za-z0-9_]*)$/.exec(String(text));
  if (!match) {
    throw new CliError(`--header: \`${text}\` is not NAME=ENVVAR (the value is read from the environment variable ENVVAR, so secrets never appear on the command line)`);
  }
  return { name: match[1], env: match[2] };
}

