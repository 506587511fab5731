//! A server.json (the official MCP registry's description of a server) as a start command for a
//! release: which package (`packages[]` with `registryType` npm or pypi and an `identifier`),
//! its arguments (`runtimeArguments`, `packageArguments`) and its variables
//! (`environmentVariables`). Values are never run through a shell: each argument is one word.
import { CliError } from "../errors.js";
import { normaliseName } from "./pypi.js";
import { parseReleaseSpec } from "./spec.js";

const PLACEHOLDER = "mcp-contract-placeholder";

/** The parsed server.json, with its packages checked enough to use them; `file` names it in errors. */
export function readServerJson(text, file) {
  let data;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new CliError(`${file}: is not valid JSON (${error.message})`);
  }
  if (!data || typeof data !== "object" || !Array.isArray(data.packages)) {
    throw new CliError(`${file}: has no \`packages\` array (a server.json lists the packages a server is published as under packages[])`);
  }
  for (const [i, pkg] of data.packages.entries()) {
    if (!pkg || typeof pkg !== "object" || typeof pkg.registryType !== "string" || typeof pkg.identifier !== "string") {
      throw new CliError(`${file} at /packages/${i}: a package needs \`registryType\` and \`identifier\` strings`);
    }
  }
  return { file, packages: data.packages };
}

/** The package of `serverJson` that `spec` names (same ecosystem and name, stdio), or null. */
export function packageFor(serverJson, spec) {
  const same = spec.ecosystem === "npm" ? (id) => id === spec.name : (id) => normaliseName(id) === normaliseName(spec.name);
  return serverJson.packages.find((pkg) => pkg.registryType === spec.ecosystem && same(pkg.identifier) && stdio(pkg)) ?? null;
}

const stdio = (pkg) => (pkg.transport?.type ?? "stdio") === "stdio";

/** The release spec of the first stdio npm or PyPI package, at its `version` (else the newest). */
export function specOf(serverJson) {
  const pkg = serverJson.packages.find((p) => (p.registryType === "npm" || p.registryType === "pypi") && stdio(p));
  if (!pkg) throw new CliError(`${serverJson.file}: no npm or PyPI package started over stdio among its packages`);
  const version = typeof pkg.version === "string" && pkg.version !== "" ? pkg.version : null;
  const text = pkg.registryType === "npm" ? `npm:${pkg.identifier}${version ? `@${version}` : ""}` : `pypi:${pkg.identifier}${version ? `==${version}` : ""}`;
  return parseReleaseSpec(text, serverJson.file);
}

/**
 * How the package starts: `{ args, bin, env }` for captureRelease. `packageArguments` become
 * the server's arguments (a positional one its value; a named one its flag and its value, or
 * the flag alone when the value is empty), `{name}` in a value taken from its `variables`; a runtime `--from`
 * (uvx's way to name the package) makes the first positional argument the command to run.
 * Other runtime arguments are the runtime's (npx's, uvx's) and not the server's. A value the
 * file does not give is the placeholder `mcp-contract-placeholder` when required, else left out.
 * Each variable: this environment's when it has it (a secret of the capture), else its
 * `value` or `default` unless `isSecret`, else the placeholder when `isRequired`.
 */
export function startOf(pkg, env = process.env) {
  const runtime = (pkg.runtimeArguments ?? []).filter((a) => a && typeof a === "object");
  const named = (pkg.packageArguments ?? []).filter((a) => a && typeof a === "object");
  const args = named.flatMap(argumentWords);
  const from = runtime.some((a) => a.type === "named" && a.name === "--from");
  const bin = from && args.length > 0 && named[0]?.type === "positional" ? args.shift() : undefined;
  const variables = [];
  for (const variable of pkg.environmentVariables ?? []) {
    const name = variable?.name;
    if (typeof name !== "string" || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) continue;
    if (env[name] !== undefined) variables.push({ name, from: name });
    else {
      const given = variable.isSecret ? undefined : (variable.value ?? variable.default);
      const value = typeof given === "string" ? substitute(given, variable.variables) : variable.isRequired ? PLACEHOLDER : undefined;
      if (value !== undefined) variables.push({ name, value });
    }
  }
  return { args, bin, env: variables };
}

function argumentWords(argument) {
  const given = argument.value ?? argument.default;
  const value = typeof given === "string" ? substitute(given, argument.variables) : argument.isRequired ? PLACEHOLDER : undefined;
  if (argument.type !== "named") return value === undefined ? [] : [value];
  if (typeof argument.name !== "string" || argument.name === "" || value === undefined) return [];
  // An empty value is a flag on its own (`--read-only`).
  return value === "" ? [argument.name] : [argument.name, value];
}

/** `{name}` replaced by the variable's value (or default; a placeholder when it has neither); unknown names stay. */
function substitute(text, variables) {
  if (!variables || typeof variables !== "object") return text;
  return text.replace(/\{([A-Za-z0-9_-]+)\}/g, (whole, name) => {
    const variable = variables[name];
    if (!variable || typeof variable !== "object") return whole;
    const value = variable.isSecret ? undefined : (variable.value ?? variable.default);
    return typeof value === "string" ? value : PLACEHOLDER;
  });
}
