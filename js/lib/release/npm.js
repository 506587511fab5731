//! npm releases: resolve a version, dist-tag or range to one published version through `npm view`
//! (so the registry, scopes, auth and CA settings are npm's own configuration), install it into
//! the sandbox with `npm install --ignore-scripts`, and find the command `npx` would run.
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { CliError } from "../errors.js";
import { releaseLabel } from "./spec.js";
import { lastLines, runContained } from "./run.js";

const NPM = process.platform === "win32" ? "npm.cmd" : "npm";
// Flags that keep npm to the one job: no scripts, no audit or funding calls, no lockfile.
const QUIET = ["--no-audit", "--no-fund", "--no-update-notifier", "--loglevel=error"];

/**
 * `{ version, integrity }` of the one release `spec` selects: an exact version, a dist-tag, or
 * the highest version a range matches. `run` carries `{ env, cwd, timeoutMs, signal }`.
 */
export async function resolveNpm(spec, run) {
  const what = `resolving ${spec.text}`;
  const { code, stdout, stderr } = await runContained(NPM, ["view", `${spec.name}@${spec.range}`, "version", "dist.integrity", "--json", ...QUIET], { ...run, what });
  const answer = parseJson(stdout);
  if (answer?.error) throw new CliError(`${spec.text}: ${registryError(answer.error, spec)}`);
  if (code !== 0) throw new CliError(`${spec.text}: npm view failed (exit ${code})${quote(stderr)}`);
  const found = Array.isArray(answer) ? answer : answer && typeof answer === "object" ? [answer] : [];
  const versions = found.filter((entry) => typeof entry?.version === "string");
  if (versions.length === 0) throw new CliError(`${spec.text}: no published version of ${spec.name} matches \`${spec.range}\``);
  // A range lists every version it matches: the highest is the one an upgrade reaches.
  versions.sort((a, b) => compareSemver(a.version, b.version));
  const chosen = versions[versions.length - 1];
  return { version: chosen.version, integrity: String(chosen["dist.integrity"] ?? "") };
}

function registryError(error, spec) {
  const summary = String(error.summary ?? error.code ?? "the registry refused the request").split("\n")[0];
  if (error.code === "E404" && /no match found for version/i.test(summary)) {
    return `no published version of ${spec.name} matches \`${spec.range}\` (the registry says: ${summary})`;
  }
  if (error.code === "E404") return `no package ${spec.name} in the registry (the registry says: ${summary})`;
  return `the registry refused the request: ${summary}`;
}

/**
 * Installs `spec` at `version` under `dir` (scripts off) and returns how to start it:
 * `{ command, args, pathPrefix }` (the package's bin, as `npx` picks it).
 */
export async function installNpm(spec, version, dir, run) {
  const prefix = path.join(dir, "npm");
  mkdirSync(prefix, { recursive: true });
  const label = releaseLabel(spec, version);
  const args = ["install", "--prefix", prefix, "--ignore-scripts", "--no-save", "--no-package-lock", "--omit=dev", ...QUIET, `${spec.name}@${version}`];
  const { code, stderr } = await runContained(NPM, args, { ...run, cwd: prefix, what: `installing ${label}` });
  if (code !== 0) throw new CliError(`installing ${label} failed (npm install exit ${code})${quote(stderr)}`);
  const manifestPath = path.join(prefix, "node_modules", ...spec.name.split("/"), "package.json");
  const manifest = parseJson(existsSync(manifestPath) ? readFileSync(manifestPath, "utf8") : "");
  if (manifest?.version !== version) throw new CliError(`installing ${label}: npm installed ${manifest?.version ?? "nothing"} instead`);
  const bin = pickBin(manifest, spec, label, run.bin);
  const binDir = path.join(prefix, "node_modules", ".bin");
  return { command: path.join(binDir, process.platform === "win32" ? `${bin}.cmd` : bin), args: [], pathPrefix: [binDir, path.dirname(process.execPath)] };
}

/** The command `npx NAME` runs: the only bin, or the one named as the package without its scope. */
function pickBin(manifest, spec, label, wantedBin) {
  const own = spec.name.replace(/^@[^/]+\//, "");
  const bins = typeof manifest.bin === "string" ? { [own]: manifest.bin } : manifest.bin && typeof manifest.bin === "object" ? manifest.bin : {};
  const names = Object.keys(bins);
  if (wantedBin !== undefined) {
    if (names.includes(wantedBin)) return wantedBin;
    throw new CliError(`${label} has no command ${wantedBin} (its bin: ${names.join(", ") || "none"})`);
  }
  if (names.length === 1) return names[0];
  if (names.includes(own)) return own;
  if (names.length === 0) throw new CliError(`${label} has no command to start (its package.json has no "bin"); an MCP server package names its command there, as npx needs`);
  throw new CliError(`${label} has ${names.length} commands (${names.join(", ")}) and none is named ${own}; describe the start command in a server.json (--server-json FILE)`);
}

/** Orders semver versions (`1.10.0` after `1.9.0`; a pre-release before its release). */
export function compareSemver(a, b) {
  const parse = (v) => {
    const [core, pre] = v.replace(/\+.*$/, "").split(/-(.*)/s);
    return { core: core.split(".").map(Number), pre: pre === undefined ? null : pre.split(".") };
  };
  const x = parse(a);
  const y = parse(b);
  for (let i = 0; i < 3; i++) if ((x.core[i] || 0) !== (y.core[i] || 0)) return (x.core[i] || 0) - (y.core[i] || 0);
  if (x.pre === null || y.pre === null) return (x.pre === null) - (y.pre === null);
  for (let i = 0; i < Math.max(x.pre.length, y.pre.length); i++) {
    const [p, q] = [x.pre[i], y.pre[i]];
    if (p === undefined || q === undefined) return p === undefined ? -1 : 1;
    const [pn, qn] = [/^\d+$/.test(p), /^\d+$/.test(q)];
    if (pn && qn && Number(p) !== Number(q)) return Number(p) - Number(q);
    if (pn !== qn) return pn ? -1 : 1;
    if (p !== q) return p < q ? -1 : 1;
  }
  return 0;
}

function parseJson(text) {
  try {
    return text.trim() === "" ? null : JSON.parse(text);
  } catch {
    return null;
  }
}

function quote(stderr) {
  const lines = lastLines(stderr);
  return lines.length ? `:\n${lines.map((line) => `  | ${line}`).join("\n")}` : "";
}
