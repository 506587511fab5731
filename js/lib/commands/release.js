//! What `diff`, `snapshot` and `check` share for release specs (`npm:PKG@VERSION`,
//! `pypi:PKG==VERSION`): the options (--env, --no-cache, --install-timeout), their help, and one
//! call that turns a spec into snapshot text with progress on standard error. The release code
//! (installers, cache, sandbox) loads only when a spec is given.
import { UsageError } from "../errors.js";
import { verbosityOf } from "../verbosity.js";

export const RELEASE_OPTIONS = {
  env: { type: "string", multiple: true },
  "server-json": { type: "string" },
  "no-cache": { type: "boolean" },
  "install-timeout": { type: "string" },
};

export const RELEASE_HELP = `  --env NAME=ENVVAR    a release's server gets the variable NAME with the value of ENVVAR from this
                       environment (repeatable; --env NAME alone passes NAME itself); dummy values
                       are fine for listing. Nothing else of the environment is passed on but
                       PATH, locale, proxy, registry and CA settings
  --server-json FILE   start a release as this server.json (the MCP registry's file) describes its
                       package: its packageArguments, environmentVariables and uvx --from command
  --no-cache           install and capture releases again instead of using the capture cache
  --install-timeout    seconds allowed for resolving and installing one release (default 300;
                       also 90s, 5m)
`;

export const RELEASE_NOTES = `
Releases (npm:PKG@VERSION, pypi:PKG==VERSION): a version, dist-tag (npm:PKG@latest, the default)
or range (npm:PKG@^1.4) is first resolved to one version, through npm's own configuration for
npm and the PIP_INDEX_URL (or UV_DEFAULT_INDEX, UV_INDEX_URL) index for PyPI (pypi:PKG alone is
the newest final release). The release is installed into a throwaway folder (npm install
--ignore-scripts; a virtual environment with uv when it is on PATH, else python3 -m venv and pip,
wheels only), started over stdio with an empty HOME, captured and removed. Installing and
starting a package runs its code, as npx and uvx do. Captures are cached by name, version, the
registry's integrity hash and the start command under MCP_CONTRACT_CACHE_DIR, else
$XDG_CACHE_HOME/mcp-contract (~/.cache/mcp-contract; ~/Library/Caches/mcp-contract on macOS,
%LOCALAPPDATA%\\mcp-contract\\Cache on Windows). Paths, URLs, git sources and shell syntax in a
spec are refused.
`;

/** `[{ name, from }]` from the --env values; a variable that is not set is a usage error. */
export function releaseEnv(values, env = process.env) {
  return (values.env ?? []).map((text) => {
    const match = /^([A-Za-z_][A-Za-z0-9_]*)(?:=([A-Za-z_][A-Za-z0-9_]*))?$/.exec(text);
    if (!match) {
      throw new UsageError(`--env: \`${text}\` is not NAME=ENVVAR or NAME (the value is read from the environment variable ENVVAR, so it never appears on the command line)`);
    }
    const [, name, from = name] = match;
    if (env[from] === undefined) throw new UsageError(`--env ${text}: the environment variable ${from} is not set; set it (a dummy value is fine for listing) or leave out --env ${text}`);
    return { name, from };
  });
}

/** Checks the release options of a run that has no release spec: they would be silently unused. */
export function refuseUnusedReleaseOptions(values, commandName) {
  for (const option of ["env", "server-json", "no-cache", "install-timeout"]) {
    if (values[option] !== undefined) throw new UsageError(`--${option} applies only to a release spec (npm:PKG@VERSION or pypi:PKG==VERSION); ${commandName} got none`);
  }
}

/**
 * The snapshot text of release `spec` (parsed by release/spec.js): `{ text, label }`. Progress
 * (what is resolved, cached, installed, the capture's phases) goes to `ctx.stderr` unless
 * --quiet; `args` are extra server arguments; `signal` aborts it (Ctrl-C); `env` (`[{ name,
 * value }]`), `bin` and `resolved` are captureRelease's options of those names.
 */
export async function readRelease(spec, values, ctx, { args = [], signal, env: launchEnv, bin, resolved } = {}) {
  const [{ captureRelease }, { startOf }, { parseTimeout }, { maxBytesOf }, { progressReporter }, { captureSecrets, redactContext }] = await Promise.all([
    import("../release/index.js"),
    import("../release/server-json.js"),
    import("../baseline.js"),
    import("../limits.js"),
    import("../progress.js"),
    import("../redact.js"),
  ]);
  // The start a server.json describes, then the command line's own arguments and --env.
  const described = values["server-json"] === undefined ? null : startOf(await serverJsonPackage(values, spec));
  // A host config's variables (upgrade) or the server.json's and --env's.
  const env = launchEnv ?? [...(described?.env ?? []), ...releaseEnv(values)];
  args = [...(described?.args ?? []), ...args];
  bin ??= described?.bin;
  // The --env and --secret-env values are this capture's secrets too, wherever a server echoes them.
  const secretEnv = [...env.filter((e) => e.from !== undefined).map((e) => e.from), ...(values["secret-env"] ?? [])];
  redactContext(ctx, [...captureSecrets({ secretEnv }), ...registryCredentials()]);
  const verbosity = verbosityOf(values);
  const say = verbosity === "quiet" ? undefined : (line) => ctx.stderr.write(`mcp-contract: ${line}\n`);
  const installTimeout = values["install-timeout"];
  return captureRelease(spec, {
    args,
    env,
    bin,
    resolved,
    noCache: Boolean(values["no-cache"]),
    timeoutMs: values.timeout === undefined ? 30_000 : parseTimeout(values.timeout),
    installTimeoutMs: installTimeout === undefined ? undefined : parseTimeout(installTimeout, "--install-timeout"),
    maxBytes: maxBytesOf(values),
    signal,
    say,
    // Made as the server starts, so that its "captured … in N s" counts the capture, not the install.
    progress: () => progressReporter(ctx.stderr, verbosity),
  });
}

// The variables that name a registry or index; a URL there may carry a user name and password
// (a private index), which an installer's error could quote.
const REGISTRY_URL_VARIABLES = ["npm_config_registry", "NPM_CONFIG_REGISTRY", "PIP_INDEX_URL", "PIP_EXTRA_INDEX_URL", "UV_INDEX_URL", "UV_DEFAULT_INDEX", "UV_EXTRA_INDEX_URL"];

/** The user names and passwords in the registry URLs of the environment, as secrets of the run. */
export function registryCredentials(env = process.env) {
  const secrets = [];
  for (const name of REGISTRY_URL_VARIABLES) {
    for (const text of String(env[name] ?? "").split(/\s+/).filter(Boolean)) {
      let url;
      try {
        url = new URL(text);
      } catch {
        continue;
      }
      // The password; a user name alone is the token of an index that takes one that way.
      const value = decodeURIComponent(url.password || url.username);
      if (value.length >= 4) secrets.push({ value, source: `in the ${name} URL`, minChars: 4 });
    }
  }
  return secrets;
}

/** The `--server-json FILE` read (bounded) and checked. */
export async function loadServerJson(values) {
  const [{ readServerJson }, { maxBytesOf, readFileBounded }] = await Promise.all([import("../release/server-json.js"), import("../limits.js")]);
  const file = values["server-json"];
  let text;
  try {
    text = readFileBounded(file, maxBytesOf(values), `--server-json \`${file}\``).toString("utf8");
  } catch (error) {
    if (error.code === "ENOENT") throw new UsageError(`--server-json: file \`${file}\` not found`);
    throw error;
  }
  return readServerJson(text, file);
}

/** The package of --server-json that `spec` names; a server.json that does not describe it is an error. */
async function serverJsonPackage(values, spec) {
  const { packageFor } = await import("../release/server-json.js");
  const serverJson = await loadServerJson(values);
  const pkg = packageFor(serverJson, spec);
  if (!pkg) {
    const listed = serverJson.packages.map((p) => `${p.registryType} ${p.identifier}`).join(", ") || "none";
    throw new UsageError(`--server-json ${serverJson.file}: no stdio ${spec.ecosystem} package ${spec.name} in it (its packages: ${listed})`);
  }
  return pkg;
}
