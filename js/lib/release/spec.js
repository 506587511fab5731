//! Release specs (`npm:PKG@VERSION`, `pypi:PKG==VERSION`): what the user typed, read into
//! `{ ecosystem, name, range }` or refused. A spec is only ever data for the registry and the
//! installer (never a shell word, never a path, URL or git source), so anything outside the
//! registries' own name and version grammars is refused here, before a process starts.
import { UsageError } from "../errors.js";

const NPM_PREFIX = "npm:";
const PYPI_PREFIX = "pypi:";

// npm's rules for new package names (validate-npm-package-name): lower case, URL-safe, no
// leading dot or underscore, at most 214 characters, an optional @scope/.
const NPM_NAME = /^(?:@[a-z0-9][a-z0-9._~-]*\/)?[a-z0-9][a-z0-9._~-]*$/;
// A version, a dist-tag or a plain range (`1.4.0`, `latest`, `^1.4`, `~1.4.2`, `1.x`,
// `>=1.2`): letters, digits and `. - + ^ ~ * = >`. Comparators that need a space or `<`/`|`
// (`>=1 <2`, `1 || 2`) are shell syntax when typed unquoted; an exact version says it better.
const NPM_RANGE = /^(?:[=>]=?|[\^~])?[0-9A-Za-z*][0-9A-Za-z.+*-]*$/;
// PEP 508 names (letters, digits, `. _ -`, starting and ending alphanumeric).
const PYPI_NAME = /^[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?$/;
// PEP 440 versions as `==` takes them, a trailing `.*` allowed (`==0.6.2`, `==1!2.0rc1`, `==1.*`).
const PYPI_VERSION = /^[0-9A-Za-z!+._-]+(?:\.\*)?$/;

/** Whether `text` is meant as a release spec (it starts `npm:` or `pypi:`), valid or not. */
export function isReleaseSpec(text) {
  return typeof text === "string" && (text.startsWith(NPM_PREFIX) || text.startsWith(PYPI_PREFIX));
}

/**
 * `{ ecosystem: "npm" | "pypi", name, range, text }` for a release spec; `range` is what selects
 * the version (`"latest"` when none is given: npm's dist-tag, PyPI's newest final release).
 * Throws a UsageError naming what is wrong and the form to use; `label` names the input.
 */
export function parseReleaseSpec(text, label = "release") {
  if (text.startsWith(NPM_PREFIX)) return parseNpm(text, text.slice(NPM_PREFIX.length), label);
  if (text.startsWith(PYPI_PREFIX)) return parsePypi(text, text.slice(PYPI_PREFIX.length), label);
  throw new UsageError(`${label}: \`${text}\` is not a release spec (npm:PKG@VERSION or pypi:PKG==VERSION)`);
}

function parseNpm(text, body, label) {
  // The version follows the last @ that is not the scope's.
  const at = body.indexOf("@", 1);
  const name = at === -1 ? body : body.slice(0, at);
  const range = at === -1 ? "latest" : body.slice(at + 1);
  if (!NPM_NAME.test(name) || name.length > 214) {
    throw new UsageError(
      `${label}: \`${text}\`: \`${name}\` is not an npm package name; give a package from the registry as npm:NAME@VERSION (e.g. npm:@modelcontextprotocol/server-everything@2025.9.25); paths, URLs, git and file: sources are not release specs`,
    );
  }
  if (!NPM_RANGE.test(range)) {
    throw new UsageError(
      `${label}: \`${text}\`: \`${range}\` is not a version, dist-tag or simple range; give an exact version (npm:${name}@1.4.0), a dist-tag (@latest, @next) or a range such as ^1.4 or ~1.4.2`,
    );
  }
  return { ecosystem: "npm", name, range, text };
}

function parsePypi(text, body, label) {
  const equals = body.indexOf("==");
  const name = equals === -1 ? body : body.slice(0, equals);
  const version = equals === -1 ? "latest" : body.slice(equals + 2);
  if (!PYPI_NAME.test(name)) {
    const operator = /[<>=!~@[]/.test(name) ? "; only == (an exact version) or no version (the newest) is taken" : "";
    throw new UsageError(
      `${label}: \`${text}\`: \`${name}\` is not a PyPI project name${operator}; give pypi:NAME==VERSION (e.g. pypi:mcp-server-time==0.6.2) or pypi:NAME for the newest release`,
    );
  }
  if (!PYPI_VERSION.test(version)) {
    throw new UsageError(`${label}: \`${text}\`: \`${version}\` is not a version; give an exact version, e.g. pypi:${name}==0.6.2`);
  }
  return { ecosystem: "pypi", name, range: version, text };
}

/** The spec of one resolved release, as printed and cached: `npm:NAME@VERSION`, `pypi:NAME==VERSION`. */
export function releaseLabel({ ecosystem, name }, version) {
  return ecosystem === "npm" ? `npm:${name}@${version}` : `pypi:${name}==${version}`;
}
