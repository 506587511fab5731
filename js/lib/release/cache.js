//! The capture cache for releases: one canonical snapshot per ecosystem, name, resolved version,
//! registry integrity hash and start command, in the user's cache folder. A published version
//! never changes, so a hit needs no install and no server; the key's integrity hash makes a
//! republished or mirrored artefact with other contents a miss, not a wrong answer.
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { createHash } from "node:crypto";
import os from "node:os";
import path from "node:path";

/**
 * The cache folder: MCP_CONTRACT_CACHE_DIR when set, else `$XDG_CACHE_HOME/mcp-contract`
 * (`~/.cache/mcp-contract`) on Linux and other Unix, `~/Library/Caches/mcp-contract` on macOS,
 * `%LOCALAPPDATA%\mcp-contract\Cache` on Windows.
 */
export function cacheDir(env = process.env, platform = process.platform, home = os.homedir()) {
  if (env.MCP_CONTRACT_CACHE_DIR) return path.resolve(env.MCP_CONTRACT_CACHE_DIR);
  if (platform === "darwin") return path.join(home, "Library", "Caches", "mcp-contract");
  if (platform === "win32") return path.join(env.LOCALAPPDATA || path.join(home, "AppData", "Local"), "mcp-contract", "Cache");
  return path.join(env.XDG_CACHE_HOME && path.isAbsolute(env.XDG_CACHE_HOME) ? env.XDG_CACHE_HOME : path.join(home, ".cache"), "mcp-contract");
}

/**
 * The file a capture is cached in. `start` is what shapes the capture besides the release: the
 * extra arguments and the names (never the values) of the variables given with --env, and the
 * capture code's version (a newer mcp-contract may capture more).
 */
export function cacheFile(dir, { ecosystem, name }, { version, integrity }, start) {
  const key = createHash("sha256").update(JSON.stringify({ ecosystem, name, version, integrity, start })).digest("hex").slice(0, 32);
  // Readable folders for a person clearing one package by hand; the key holds the rest.
  const safe = (text) => text.replace(/[^A-Za-z0-9._-]+/g, "_");
  return path.join(dir, "captures", ecosystem, safe(name), safe(version), `${key}.json`);
}

/** The cached snapshot text, or null (missing, unreadable, or not a JSON object). */
export function readCached(file) {
  let text;
  try {
    text = readFileSync(file, "utf8");
    const value = JSON.parse(text);
    return value && typeof value === "object" && !Array.isArray(value) ? text : null;
  } catch {
    return null;
  }
}

/** Stores a capture (atomically); a cache that cannot be written is skipped, never an error. */
export function writeCached(file, text) {
  const temp = `${file}.${process.pid}.tmp`;
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(temp, text);
    renameSync(temp, file);
    return true;
  } catch {
    rmSync(temp, { force: true });
    return false;
  }
}
