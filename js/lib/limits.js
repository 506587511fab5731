//! The byte limit on everything the CLI reads that a hostile input controls (snapshot files,
//! pipes, standard input, a server's stdout, HTTP bodies), and the `--max-bytes` flag's syntax.
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
