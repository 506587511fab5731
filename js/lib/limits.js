//! The byte limit on everything the CLI reads that a hostile input controls (snapshot files,
//! pipes, standard input, a server's stdout, HTTP bodies), and the `--max-bytes` flag's syntax.
import { closeSync, fstatSync, openSync, readFileSync, readSync } from 'node:fs';
import { CliError } from './errors.js';

/** 256 MiB: far above any real snapshot (the largest in tests/corpus is well under 1 MB). */
export const DEFAULT_MAX_BYTES = 256 * 1024 * 1024;

const UNITS = { '': 1, k: 1024, kb: 1024, m: 1024 ** 2, mb: 1024 ** 2, g: 1024 ** 3, gb: 1024 ** 3 };

/** `--max-bytes` values: `1000000`, `64k`, `512M`, `2G` (binary units). */
export function parseByteSize(text) {
  const match = /^(\d+)\s*([a-z]*)$/i.exec(String(text).trim());
  const unit = match ? UNITS[match[2].toLowerCase()] : undefined;
  const bytes = unit === undefined ? NaN : Number(match[1]) * unit;
  if (!Number.isSafeInteger(bytes) || bytes <= 0) {
    throw new CliError(`--max-bytes: \`${text}\` is not a size (e.g. 1000000, 64k, 512M, 2G)`);
  }
  return bytes;
}

/** A size for messages: the exact bytes, and MiB when it is large. */
export function formatBytes(bytes) {
  return bytes >= 1024 * 1024 ? `${bytes} bytes (${+(bytes / 1024 / 1024).toFixed(1)} MiB)` : `${bytes} bytes`;
}

/** The `--max-bytes` flag, spread into the options of every command that reads input. */
export const MAX_BYTES_OPTION = { 'max-bytes': { type: 'string' } };
export const MAX_BYTES_HELP = `  --max-bytes SIZE     the most read from any one input, file, pipe, standard input or server
                       (default 256M; also 1000000, 64k, 2G); larger inputs are refused
`;

/** The limit chosen with `--max-bytes`, or the default. */
export function maxBytesOf(values) {
  return values['max-bytes'] === undefined ? DEFAULT_MAX_BYTES : parseByteSize(values['max-bytes']);
}

/** The refusal for an input past the limit; `what` names it (e.g. "OLD: `x.json`"). */
export function tooLarge(what, maxBytes) {
  return new CliError(`${what} is larger than ${formatBytes(maxBytes)}, the input limit; raise it with --max-bytes if it is meant to be read`);
}

/**
 * Reads a file, a device or a pipe (`/dev/zero`, `<(yes)`) synchronously, refusing it past
 * `maxBytes`: a regular file by its size before reading, anything else as it streams, so that
 * an endless source stops at the limit instead of when memory runs out. Errors from the file
 * system are thrown as they are (the caller names them); `what` names the input in a refusal.
 */
export function readFileBounded(file, maxBytes, what) {
  const fd = openSync(file, 'r');
  try {
    const stats = fstatSync(fd);
    if (stats.isDirectory()) throw Object.assign(new Error('is a directory'), { code: 'EISDIR' });
    if (stats.isFile()) {
      if (stats.size > maxBytes) throw tooLarge(what, maxBytes);
      return readFileSync(fd);
    }
    const chunks = [];
    let total = 0;
    const buffer = Buffer.allocUnsafe(1 << 20);
    for (;;) {
      const read = readSync(fd, buffer, 0, buffer.length, null);
      if (read === 0) return Buffer.concat(chunks, total);
      total += read;
      if (total > maxBytes) throw tooLarge(what, maxBytes);
      chunks.push(Buffer.from(buffer.subarray(0, read)));
    }
  } finally {
    closeSync(fd);
  }
}
