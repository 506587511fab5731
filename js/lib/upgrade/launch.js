//! How a host config starts a server, read as a release: `npx [-y] PKG@VERSION ARGS…`,
//! `uvx PKG==VERSION ARGS…` and `uvx --from PKG==VERSION COMMAND ARGS…` (also `uv tool run`).
//! Anything else (docker, node PATH, bunx, an unpinned package) is "not comparable", with why.
import { looksSecret } from "../redact.js";
import { isReleaseSpec, parseReleaseSpec } from "../release/spec.js";

// npx flags that change nothing about what runs.
const NPX_FLAGS = new Set(["-y", "--yes", "-q", "--quiet", "--prefer-offline", "--prefer-online", "--no-install"]);
// uvx flags without a value that change nothing about what runs; `--python`/`-p` picks only the
// interpreter, whose value is skipped.
const UVX_FLAGS = new Set(["-q", "--quiet", "--offline", "--isolated", "--refresh", "-n", "--no-cache"]);
const UVX_VALUE_FLAGS = new Set(["--python", "-p"]);
const EXACT_SEMVER = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$/;
const EXACT_PEP440 = /^[0-9][0-9A-Za-z.!+_-]*$/;
const PLACEHOLDER = "mcp-contract-placeholder";

/**
 * `{ release, args, bin?, pinned }` for a launch (`command`, `args`), or `{ reason }` when it is
 * not a release launch mcp-contract can install. `release` is a parsed spec (release/spec.js);
 * `pinned` says whether it names one exact version.
 */
export function readLaunch(command, args = []) {
  const program = String(command ?? "").split(/[\\/]/).pop().replace(/\.(cmd|exe)$/i, "");
  if (program === "npx") return readNpx(args);
  if (program === "uvx") return readUvx(args);
  if (program === "uv" && args[0] === "tool" && args[1] === "run") return readUvx(args.slice(2));
  if (!command) return { reason: "no command (a remote server is not installed from a registry)" };
  return { reason: `started with \`${program}\`; only npx and uvx launches name a published release` };
}

function readNpx(args) {
  let i = 0;
  while (i < args.length && NPX_FLAGS.has(args[i])) i++;
  const word = args[i];
  if (word === undefined) return { reason: "npx without a package" };
  if (word.startsWith("-")) return { reason: `npx with the option \`${word}\`, which mcp-contract does not read` };
  const release = specOf(`npm:${word}`);
  if (!release) return { reason: `\`${word}\` is not a package from the registry` };
  return { release, args: args.slice(i + 1), pinned: EXACT_SEMVER.test(release.range) };
}

function readUvx(args) {
  let from;
  let i = 0;
  for (; i < args.length && args[i].startsWith("-"); i++) {
    const flag = args[i];
    if (flag === "--from") from = args[++i];
    else if (flag.startsWith("--from=")) from = flag.slice("--from=".length);
    else if (UVX_VALUE_FLAGS.has(flag)) i++;
    else if (!UVX_FLAGS.has(flag) && !/^--python=/.test(flag)) return { reason: `uvx with the option \`${flag}\`, which mcp-contract does not read` };
  }
  const word = args[i];
  if (word === undefined) return { reason: "uvx without a package" };
  // uv also takes `pkg@1.2.3` for `pkg==1.2.3`.
  const pypi = (text) => specOf(`pypi:${text.replace(/^([^=@]+)@(?=[0-9])/, "$1==")}`);
  const release = pypi(from ?? word);
  if (!release) return { reason: `\`${from ?? word}\` is not a package from the index` };
  const pinned = release.range !== "latest" && EXACT_PEP440.test(release.range);
  return from === undefined ? { release, args: args.slice(i + 1), pinned } : { release, bin: word, args: args.slice(i + 1), pinned };
}

function specOf(text) {
  if (!isReleaseSpec(text)) return null;
  try {
    return parseReleaseSpec(text);
  } catch {
    return null;
  }
}

/**
 * The variables a config gives its server, as the release's server gets them: a value that is
 * no placeholder (`${input:token}`, `${env:X}`) under a name that does not look secret is passed
 * as written; any other gets this environment's variable of that name when it is set, else a
 * placeholder (listing rarely needs the real secret, and a config's own secret is never used).
 * Returns `[{ name, value }]`, sorted by name.
 */
export function launchEnv(configEnv, env = process.env) {
  if (!configEnv || typeof configEnv !== "object") return [];
  return Object.keys(configEnv)
    .filter((name) => /^[A-Za-z_][A-Za-z0-9_]*$/.test(name))
    .sort()
    .map((name) => {
      const written = configEnv[name];
      const literal = typeof written === "string" && !written.includes("${") && !looksSecret(name);
      return { name, value: literal ? written : env[name] ?? PLACEHOLDER };
    });
}
