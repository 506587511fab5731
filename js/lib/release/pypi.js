//! PyPI releases: resolve through the index's simple API (PEP 503 HTML or PEP 691 JSON, the
//! protocol pip and uv speak, so any mirror or local index works), install the chosen version
//! into its own virtual environment (uv when it is on PATH, else `python3 -m venv` and pip) from
//! wheels only (an sdist runs its build code at install), and find the command `uvx` would run.
import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { createHash } from "node:crypto";
import { CliError } from "../errors.js";
import { maskUrl } from "../redact.js";
import { releaseLabel } from "./spec.js";
import { lastLines, runContained } from "./run.js";
import { compareVersions, isPreRelease, matchesExact, normaliseVersion, parseVersion } from "./pep440.js";

const DEFAULT_INDEX = "https://pypi.org/simple";
const MAX_INDEX_BYTES = 64 * 1024 * 1024;
const WINDOWS = process.platform === "win32";

/** PEP 503's normal form of a project name: `MCP_Server.Time` → `mcp-server-time`. */
export function normaliseName(name) {
  return name.toLowerCase().replace(/[-_.]+/g, "-");
}

/** The index the release is resolved and installed from: PIP_INDEX_URL, UV_DEFAULT_INDEX, UV_INDEX_URL, else PyPI. */
export function indexUrl(env) {
  return (env.PIP_INDEX_URL || env.UV_DEFAULT_INDEX || env.UV_INDEX_URL || DEFAULT_INDEX).replace(/\/+$/, "");
}

/**
 * `{ version, integrity }` of the release `spec` selects (`==V`, `==V.*`, or the newest final
 * release that is not yanked), read from the index's page for the project. `integrity` is a
 * hash over the release's file names and their sha256 digests as the index lists them.
 */
export async function resolvePypi(spec, { env, signal, timeoutMs }) {
  const index = indexUrl(env);
  const page = `${index}/${normaliseName(spec.name)}/`;
  const files = await fetchIndexPage(page, index, spec, { signal, timeoutMs });
  const releases = new Map();
  for (const file of files) {
    const version = fileVersion(file.filename, spec.name);
    const parsed = version && parseVersion(version);
    if (!parsed) continue;
    const key = normaliseVersion(version);
    if (!releases.has(key)) releases.set(key, { version: key, parsed, files: [], yanked: true });
    const release = releases.get(key);
    release.files.push(file);
    if (!file.yanked) release.yanked = false;
  }
  const all = [...releases.values()].sort((a, b) => compareVersions(a.parsed, b.parsed));
  let chosen;
  if (spec.range === "latest") {
    const live = all.filter((r) => !r.yanked && r.parsed.local === null);
    const finals = live.filter((r) => !isPreRelease(r.parsed));
    chosen = (finals.length ? finals : live).at(-1);
  } else {
    // An exact pin may name a yanked release (PEP 592): pip installs it, so do we.
    chosen = all.filter((r) => matchesExact(r.version, spec.range)).at(-1);
  }
  if (!chosen) {
    const known = all.slice(-5).reverse().map((r) => r.version).join(", ");
    const wanted = spec.range === "latest" ? "has no installable release" : `has no release ${spec.range}`;
    throw new CliError(`${spec.text}: ${spec.name} ${wanted} on ${maskUrl(index)}${known ? ` (its newest: ${known})` : ""}`);
  }
  const digest = createHash("sha256");
  for (const file of [...chosen.files].sort((a, b) => (a.filename < b.filename ? -1 : 1))) digest.update(`${file.filename} ${file.sha256 ?? ""}\n`);
  return { version: chosen.version, integrity: `sha256-${digest.digest("base64")}`, wheels: chosen.files.some((f) => f.filename.endsWith(".whl")) };
}

async function fetchIndexPage(page, index, spec, { signal, timeoutMs }) {
  const timeout = AbortSignal.timeout(timeoutMs);
  // fetch refuses a URL with credentials in it: a private index's go in the header instead.
  let url;
  try {
    url = new URL(page);
  } catch {
    throw new CliError(`resolving ${spec.text}: the package index \`${maskUrl(index)}\` is not a URL; set PIP_INDEX_URL to one (e.g. https://pypi.org/simple)`);
  }
  const headers = { Accept: "application/vnd.pypi.simple.v1+json, text/html;q=0.1" };
  if (url.username || url.password) {
    headers.Authorization = `Basic ${Buffer.from(`${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`).toString("base64")}`;
    url.username = "";
    url.password = "";
  }
  let response;
  try {
    response = await fetch(url, {
      headers,
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
  } catch (error) {
    if (signal?.aborted) throw new CliError(`interrupted while resolving ${spec.text}`, { exitCode: 130 });
    if (timeout.aborted) throw new CliError(`resolving ${spec.text}: ${maskUrl(page)} did not answer within ${Math.round(timeoutMs / 1000)} s`);
    throw new CliError(`resolving ${spec.text}: cannot reach the package index ${maskUrl(page)} (${error.cause?.code ?? error.message}); set PIP_INDEX_URL to a reachable index`);
  }
  if (response.status === 404) throw new CliError(`${spec.text}: no project ${spec.name} on the package index ${maskUrl(index)} (HTTP 404)`);
  if (!response.ok) throw new CliError(`resolving ${spec.text}: the package index answered HTTP ${response.status} for ${maskUrl(page)}`);
  const length = Number(response.headers.get("content-length") ?? 0);
  if (length > MAX_INDEX_BYTES) throw new CliError(`resolving ${spec.text}: the index page for ${spec.name} is larger than ${MAX_INDEX_BYTES} bytes`);
  const body = await response.text();
  if (body.length > MAX_INDEX_BYTES) throw new CliError(`resolving ${spec.text}: the index page for ${spec.name} is larger than ${MAX_INDEX_BYTES} bytes`);
  return /json/.test(response.headers.get("content-type") ?? "") ? jsonFiles(body, spec) : htmlFiles(body);
}

/** PEP 691: `{ files: [{ filename, hashes: { sha256 }, yanked }] }`. */
function jsonFiles(body, spec) {
  let data;
  try {
    data = JSON.parse(body);
  } catch {
    throw new CliError(`resolving ${spec.text}: the package index sent JSON that does not parse`);
  }
  return (Array.isArray(data?.files) ? data.files : [])
    .filter((f) => typeof f?.filename === "string")
    .map((f) => ({ filename: f.filename, sha256: typeof f.hashes?.sha256 === "string" ? f.hashes.sha256 : undefined, yanked: Boolean(f.yanked) }));
}

/** PEP 503: one `<a href="…#sha256=…" data-yanked>filename</a>` per file. */
function htmlFiles(body) {
  const files = [];
  for (const match of body.matchAll(/<a\s([^>]*)>([^<]*)<\/a>/gi)) {
    const attributes = match[1];
    const href = /href\s*=\s*["']([^"']*)["']/i.exec(attributes)?.[1] ?? "";
    files.push({
      filename: decodeEntities(match[2].trim()),
      sha256: /#sha256=([0-9a-f]{64})/i.exec(href)?.[1],
      yanked: /\bdata-yanked\b/i.test(attributes),
    });
  }
  return files;
}

function decodeEntities(text) {
  return text.replace(/&(amp|lt|gt|quot|#39);/g, (_, e) => ({ amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'" })[e]);
}

/** The version in a wheel's or sdist's file name for project `name`, or null when the file is another project's. */
export function fileVersion(filename, name) {
  const wanted = normaliseName(name);
  if (filename.endsWith(".whl")) {
    const [project, version] = filename.slice(0, -4).split("-");
    return normaliseName(project) === wanted ? version ?? null : null;
  }
  const stem = filename.replace(/\.(tar\.gz|tar\.bz2|tgz|zip)$/, "");
  if (stem === filename) return null;
  // An old sdist's name may hold dashes: the version follows the prefix that is the project.
  for (let dash = stem.indexOf("-"); dash !== -1; dash = stem.indexOf("-", dash + 1)) {
    if (normaliseName(stem.slice(0, dash)) === wanted) return stem.slice(dash + 1);
  }
  return null;
}

/**
 * Installs `spec` at `version` into `dir/venv` (wheels only, from the index it was resolved
 * on) and returns how to start it: `{ command, args, pathPrefix }` (the console script named
 * as the project, or its only one).
 */
export async function installPypi(spec, resolved, dir, run) {
  const label = releaseLabel(spec, resolved.version);
  if (!resolved.wheels) {
    throw new CliError(`${label} publishes no wheel, only a source distribution, whose build runs the package's own code at install; it is not installed`);
  }
  const venv = path.join(dir, "venv");
  const index = indexUrl(run.env);
  const requirement = `${spec.name}==${resolved.version}`;
  const uv = await hasUv(run);
  const steps = uv
    ? [
        ["uv", ["venv", "--quiet", venv]],
        ["uv", ["pip", "install", "--quiet", "--python", venvPython(venv), "--only-binary", ":all:", requirement]],
      ]
    : [
        [WINDOWS ? "python" : "python3", ["-m", "venv", venv]],
        [venvPython(venv), ["-m", "pip", "install", "--quiet", "--disable-pip-version-check", "--no-input", "--only-binary=:all:", requirement]],
      ];
  // The index the release was resolved on, given through the environment rather than the
  // command line, where a private index's credentials would show in the process list.
  const env = { ...run.env, PIP_INDEX_URL: index, UV_DEFAULT_INDEX: index, UV_INDEX_URL: index };
  for (const [command, args] of steps) {
    const { code, stderr, stdout } = await runContained(command, args, { ...run, env, cwd: dir, what: `installing ${label}` });
    if (code !== 0) {
      const tool = command === "uv" ? `uv ${args[0]}` : args[1] === "venv" ? "python3 -m venv" : "pip install";
      const lines = lastLines(`${stdout}\n${stderr}`);
      throw new CliError(`installing ${label} failed (${tool} exit ${code})${lines.length ? `:\n${lines.map((l) => `  | ${l}`).join("\n")}` : ""}`);
    }
  }
  const bin = path.join(venv, WINDOWS ? "Scripts" : "bin");
  const script = consoleScript(venv, spec, label, run.bin);
  return { command: path.join(bin, WINDOWS ? `${script}.exe` : script), args: [], pathPrefix: [bin] };
}

async function hasUv(run) {
  if (run.env.MCP_CONTRACT_PYPI_INSTALLER === "pip") return false;
  try {
    const { code } = await runContained("uv", ["--version"], { ...run, what: "looking for uv" });
    return code === 0;
  } catch {
    return false;
  }
}

function venvPython(venv) {
  return WINDOWS ? path.join(venv, "Scripts", "python.exe") : path.join(venv, "bin", "python");
}

/** The console script `uvx NAME` would run, read from the installed distribution's entry_points.txt. */
function consoleScript(venv, spec, label, wantedBin) {
  const sitePackages = findSitePackages(venv);
  const wanted = normaliseName(spec.name);
  const distInfo = sitePackages && readdirSync(sitePackages).find((entry) => entry.endsWith(".dist-info") && normaliseName(entry.split("-")[0]) === wanted);
  const entryPoints = distInfo ? path.join(sitePackages, distInfo, "entry_points.txt") : null;
  const scripts = entryPoints && existsSync(entryPoints) ? consoleScripts(readFileSync(entryPoints, "utf8")) : [];
  if (wantedBin !== undefined) {
    if (scripts.includes(wantedBin)) return wantedBin;
    throw new CliError(`${label} has no command ${wantedBin} (its console scripts: ${scripts.join(", ") || "none"})`);
  }
  if (scripts.length === 1) return scripts[0];
  const named = scripts.find((script) => normaliseName(script) === wanted);
  if (named) return named;
  if (scripts.length === 0) throw new CliError(`${label} has no command to start (no console_scripts entry point); an MCP server package names its command there, as uvx needs`);
  throw new CliError(`${label} has ${scripts.length} commands (${scripts.join(", ")}) and none is named ${spec.name}; describe the start command in a server.json (--server-json FILE)`);
}

function findSitePackages(venv) {
  if (WINDOWS) return path.join(venv, "Lib", "site-packages");
  const lib = path.join(venv, "lib");
  const python = existsSync(lib) ? readdirSync(lib).find((entry) => entry.startsWith("python")) : undefined;
  return python ? path.join(lib, python, "site-packages") : null;
}

/** The names in an entry_points.txt's [console_scripts] section. */
export function consoleScripts(text) {
  const names = [];
  let inSection = false;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line.startsWith("[")) inSection = line === "[console_scripts]";
    else if (inSection && line.includes("=") && !line.startsWith("#")) names.push(line.slice(0, line.indexOf("=")).trim());
  }
  return names;
}
