//! A published release as a snapshot: resolve the spec to one version, reuse a cached capture or
//! install the release into a throwaway sandbox, start it over stdio with an empty HOME and only
//! an allowlist of this environment, capture it with the CLI's capture code, and remove the
//! sandbox on every path (success, failure, timeout, Ctrl-C).
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { capture } from "../capture.js";
import { formatSnapshot } from "../canonical.js";
import { engine } from "../engine.js";
import { cacheDir, cacheFile, readCached, writeCached } from "./cache.js";
import { installNpm, resolveNpm } from "./npm.js";
import { installPypi, resolvePypi } from "./pypi.js";
import { releaseLabel } from "./spec.js";

const RESOLVE_TIMEOUT_MS = 60_000;

const ECOSYSTEMS = {
  npm: { resolve: resolveNpm, install: (spec, resolved, dir, run) => installNpm(spec, resolved.version, dir, run) },
  pypi: { resolve: resolvePypi, install: installPypi },
};

// What a started server sees of this environment: the search path, locale, proxies, and the
// registry and certificate settings a server may need to reach what it serves. Nothing else,
// so no token of the user's shell reaches a package's code unless --env names it.
const ALLOWED = [
  "PATH", "LANG", "LC_ALL", "LC_CTYPE", "TZ",
  "HTTP_PROXY", "HTTPS_PROXY", "NO_PROXY", "ALL_PROXY", "http_proxy", "https_proxy", "no_proxy", "all_proxy",
  "NODE_EXTRA_CA_CERTS", "SSL_CERT_FILE", "SSL_CERT_DIR", "REQUESTS_CA_BUNDLE", "CURL_CA_BUNDLE",
  "npm_config_registry", "NPM_CONFIG_REGISTRY", "npm_config_cafile", "NPM_CONFIG_CAFILE",
  "PIP_INDEX_URL", "PIP_EXTRA_INDEX_URL", "PIP_TRUSTED_HOST", "PIP_CERT", "UV_INDEX_URL", "UV_DEFAULT_INDEX", "UV_EXTRA_INDEX_URL",
  // Windows cannot start a process without these.
  "SYSTEMROOT", "SystemRoot", "COMSPEC", "PATHEXT", "WINDIR",
];

/** The environment a release's server starts with (see ALLOWED); `extra` is `{ NAME: value }` from --env. */
export function sandboxEnv(parent, sandbox, pathPrefix, extra) {
  const env = {};
  for (const name of ALLOWED) if (typeof parent[name] === "string") env[name] = parent[name];
  env.PATH = [...pathPrefix, parent.PATH ?? ""].filter(Boolean).join(path.delimiter);
  env.HOME = sandbox.home;
  if (process.platform === "win32") env.USERPROFILE = sandbox.home;
  env.TMPDIR = sandbox.tmp;
  return { ...env, ...extra };
}

/**
 * `{ version, integrity, label }` of the one release `spec` selects, without installing it.
 * Options: `parentEnv`, `signal`, `timeoutMs`.
 */
export async function resolveRelease(spec, { parentEnv = process.env, signal, timeoutMs = RESOLVE_TIMEOUT_MS } = {}) {
  const root = mkdtempSync(path.join(os.tmpdir(), "mcp-contract-release-"));
  try {
    const env = { ...parentEnv, TMPDIR: root, TMP: root, TEMP: root };
    const resolved = await ECOSYSTEMS[spec.ecosystem].resolve(spec, { env, cwd: root, signal, timeoutMs });
    return { ...resolved, label: releaseLabel(spec, resolved.version) };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

/**
 * Captures the release `spec` (from spec.js). Options: `args` (extra server arguments), `bin`
 * (the command to start, instead of the one npx or uvx would pick), `env` (`[{ name, from }]`:
 * the server's variable NAME gets this environment's variable FROM; or `{ name, value }`),
 * `resolved` (the version, already resolved by resolveRelease),
 * `noCache`, `timeoutMs` (the capture), `installTimeoutMs` (resolving and installing), `signal`,
 * `maxBytes`, `progress()` (makes the capture's `onProgress`, called as the server starts), `say(line)` (what is resolved, cached,
 * installed), `parentEnv` (default process.env). Resolves to `{ text, label, version, cached }`.
 */
export async function captureRelease(spec, options) {
  const { args = [], env = [], noCache = false, say = () => {}, signal, parentEnv = process.env } = options;
  const installTimeoutMs = options.installTimeoutMs ?? 300_000;
  const ecosystem = ECOSYSTEMS[spec.ecosystem];
  const root = mkdtempSync(path.join(os.tmpdir(), "mcp-contract-release-"));
  try {
    const sandbox = { root, home: path.join(root, "home"), tmp: path.join(root, "tmp"), work: path.join(root, "work") };
    for (const dir of [sandbox.home, sandbox.tmp, sandbox.work]) mkdirSync(dir);
    // The installers keep their temporary files in the sandbox too, so that an installer ended
    // at a timeout or Ctrl-C leaves nothing behind.
    const temp = { TMPDIR: sandbox.tmp, TMP: sandbox.tmp, TEMP: sandbox.tmp };
    const run = { env: { ...parentEnv, ...temp }, cwd: root, signal, timeoutMs: Math.min(installTimeoutMs, RESOLVE_TIMEOUT_MS) };
    const resolved = options.resolved ?? (await ecosystem.resolve(spec, run));
    const label = releaseLabel(spec, resolved.version);
    say(label === spec.text ? `${label}: resolved` : `${spec.text} resolved to ${label}`);
    const start = { args, bin: options.bin ?? null, env: env.map((e) => e.name), capturedBy: engine.version() };
    const file = cacheFile(cacheDir(parentEnv), spec, resolved, start);
    if (!noCache) {
      const text = readCached(file);
      if (text !== null) {
        say(`${label}: using the cached capture (${file}; --no-cache to capture again)`);
        return { text, label, version: resolved.version, cached: true };
      }
    }
    say(`${label}: installing into a sandbox (scripts off)…`);
    const command = await ecosystem.install(spec, resolved, root, { ...run, timeoutMs: installTimeoutMs, bin: options.bin });
    const extra = Object.fromEntries(env.map(({ name, from, value }) => [name, value ?? parentEnv[from]]));
    const { snapshot } = await capture({
      command: command.command,
      args: [...command.args, ...args],
      env: sandboxEnv(parentEnv, sandbox, command.pathPrefix, extra),
      cwd: sandbox.work,
      label,
      timeoutMs: options.timeoutMs,
      signal,
      maxBytes: options.maxBytes,
      onProgress: options.progress?.(),
      // What --env passes from this environment is secret; a value a host config wrote is not.
      secretEnv: env.filter((e) => e.value === undefined).map((e) => e.name),
    });
    const text = formatSnapshot(snapshot);
    if (!noCache) writeCached(file, text);
    return { text, label, version: resolved.version, cached: false };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
