// The pure parts of releases by name: spec grammar, version order (semver for npm, PEP 440 for
// PyPI), wheel and sdist file names, the cache folder and key, and the server's environment.
import { test } from "node:test";
import assert from "node:assert/strict";
import { parseReleaseSpec } from "../lib/release/spec.js";
import { compareSemver } from "../lib/release/npm.js";
import { compareVersions, matchesExact, normaliseVersion, parseVersion } from "../lib/release/pep440.js";
import { consoleScripts, fileVersion, indexUrl, normaliseName } from "../lib/release/pypi.js";
import { cacheDir, cacheFile } from "../lib/release/cache.js";
import { sandboxEnv } from "../lib/release/index.js";

test("release specs: names, versions, dist-tags and ranges", () => {
  assert.deepEqual(parseReleaseSpec("npm:@scope/server@1.4.0"), { ecosystem: "npm", name: "@scope/server", range: "1.4.0", text: "npm:@scope/server@1.4.0" });
  assert.equal(parseReleaseSpec("npm:@scope/server").range, "latest");
  assert.equal(parseReleaseSpec("npm:server@^1.4").range, "^1.4");
  assert.equal(parseReleaseSpec("npm:server@>=1.2").range, ">=1.2");
  assert.equal(parseReleaseSpec("npm:server@next").range, "next");
  assert.deepEqual(parseReleaseSpec("pypi:mcp-server-time==0.6.2"), { ecosystem: "pypi", name: "mcp-server-time", range: "0.6.2", text: "pypi:mcp-server-time==0.6.2" });
  assert.equal(parseReleaseSpec("pypi:mcp_server.Time").range, "latest");
  assert.equal(parseReleaseSpec("pypi:x==1.*").range, "1.*");
  for (const bad of ["npm:", "npm:@scope", "npm:Server", "npm:.hidden", "npm:x@", "npm:x@~/a", "npm:x@a b", "npm:x@1|2", "npm:x@`id`", "pypi:", "pypi:-x", "pypi:x==", "pypi:x~=1", "pypi:x[extra]==1", "pypi:x==1 "]) {
    assert.throws(() => parseReleaseSpec(bad), /is not/, bad);
  }
});

test("semver order: numeric parts, pre-releases before their release", () => {
  const sorted = ["1.10.0", "1.9.0", "1.0.0-rc.1", "1.0.0", "1.0.0-alpha", "1.0.0-alpha.10", "1.0.0-alpha.2", "0.9.9"].sort(compareSemver);
  assert.deepEqual(sorted, ["0.9.9", "1.0.0-alpha", "1.0.0-alpha.2", "1.0.0-alpha.10", "1.0.0-rc.1", "1.0.0", "1.9.0", "1.10.0"]);
});

test("PEP 440 order, normal form and == matching", () => {
  const order = ["1.0.dev1", "1.0a1", "1.0b2", "1.0rc1", "1.0", "1.0.post1", "1.1", "1!0.1"];
  const shuffled = [...order].reverse();
  assert.deepEqual(shuffled.sort((a, b) => compareVersions(parseVersion(a), parseVersion(b))), order);
  assert.equal(normaliseVersion("1.0.0-RC1"), "1.0.0rc1");
  assert.equal(normaliseVersion("v2.0-post.3"), "2.0.post3");
  assert.equal(parseVersion("not a version"), null);
  assert.ok(matchesExact("1.0.0", "1.0"));
  assert.ok(matchesExact("1.2.7", "1.2.*"));
  assert.ok(!matchesExact("1.3.0", "1.2.*"));
  assert.ok(!matchesExact("1.0.1", "1.0"));
});

test("PyPI names and file names", () => {
  assert.equal(normaliseName("MCP_Server.Time"), "mcp-server-time");
  assert.equal(fileVersion("mcp_server_time-0.6.2-py3-none-any.whl", "mcp-server-time"), "0.6.2");
  assert.equal(fileVersion("mcp_server_time-0.6.2.tar.gz", "mcp-server-time"), "0.6.2");
  assert.equal(fileVersion("mcp-server-time-0.6.2.tar.gz", "mcp-server-time"), "0.6.2");
  assert.equal(fileVersion("other-1.0-py3-none-any.whl", "mcp-server-time"), null);
  assert.equal(fileVersion("mcp_server_time-0.6.2.exe", "mcp-server-time"), null);
  assert.deepEqual(consoleScripts("[gui_scripts]\na = x:y\n[console_scripts]\nmcp-server-time = mcp_server_time:main\n# c = d\n"), ["mcp-server-time"]);
  assert.equal(indexUrl({}), "https://pypi.org/simple");
  assert.equal(indexUrl({ UV_INDEX_URL: "http://u/simple/", PIP_INDEX_URL: "http://p/simple/" }), "http://p/simple");
});

test("the cache folder follows each platform's convention; the key covers version, integrity and start", () => {
  assert.equal(cacheDir({ XDG_CACHE_HOME: "/x/cache" }, "linux", "/home/u"), "/x/cache/mcp-contract");
  assert.equal(cacheDir({ XDG_CACHE_HOME: "relative" }, "linux", "/home/u"), "/home/u/.cache/mcp-contract");
  assert.equal(cacheDir({}, "darwin", "/Users/u"), "/Users/u/Library/Caches/mcp-contract");
  assert.equal(cacheDir({ MCP_CONTRACT_CACHE_DIR: "/c" }, "darwin", "/Users/u"), "/c");
  const spec = { ecosystem: "npm", name: "@scope/server" };
  const start = { args: [], env: [], capturedBy: "0.1.0" };
  const base = cacheFile("/c", spec, { version: "1.0.0", integrity: "sha512-a" }, start);
  assert.match(base, /^\/c\/captures\/npm\/_scope_server\/1\.0\.0\/[0-9a-f]{32}\.json$/);
  assert.notEqual(cacheFile("/c", spec, { version: "1.0.0", integrity: "sha512-b" }, start), base);
  assert.notEqual(cacheFile("/c", spec, { version: "1.0.0", integrity: "sha512-a" }, { ...start, args: ["--all"] }), base);
  assert.notEqual(cacheFile("/c", spec, { version: "1.0.0", integrity: "sha512-a" }, { ...start, env: ["TOKEN"] }), base);
  assert.equal(cacheFile("/c", spec, { version: "1.0.0", integrity: "sha512-a" }, { ...start }), base);
});

test("a release's server gets the allowlist, its sandbox HOME and --env, nothing else", () => {
  const parent = { PATH: "/usr/bin", HOME: "/home/u", GITHUB_TOKEN: "t", HTTPS_PROXY: "http://proxy:3128", PIP_INDEX_URL: "http://i/simple", AWS_SECRET_ACCESS_KEY: "s" };
  const env = sandboxEnv(parent, { home: "/s/home", tmp: "/s/tmp" }, ["/s/bin"], { API_KEY: "dummy" });
  assert.deepEqual(Object.keys(env).sort(), ["API_KEY", "HOME", "HTTPS_PROXY", "PATH", "PIP_INDEX_URL", "TMPDIR"]);
  assert.equal(env.HOME, "/s/home");
  assert.equal(env.PATH, "/s/bin:/usr/bin");
});

test("host config launches: npx and uvx forms, pinned or not, and what is not a release", async () => {
  const { readLaunch, launchEnv } = await import("../lib/upgrade/launch.js");
  const npx = readLaunch("npx", ["-y", "@scope/server@1.2.3", "--toolsets", "all"]);
  assert.deepEqual([npx.release.text, npx.args, npx.pinned], ["npm:@scope/server@1.2.3", ["--toolsets", "all"], true]);
  assert.equal(readLaunch("npx", ["-y", "@scope/server"]).pinned, false);
  assert.equal(readLaunch("npx", ["@scope/server@^1"]).pinned, false);
  assert.equal(readLaunch("/usr/local/bin/npx.cmd", ["server@1.0.0"]).pinned, true);
  const uvx = readLaunch("uvx", ["mcp-server-time==0.6.2", "--local-timezone", "UTC"]);
  assert.deepEqual([uvx.release.text, uvx.args, uvx.pinned, uvx.bin], ["pypi:mcp-server-time==0.6.2", ["--local-timezone", "UTC"], true, undefined]);
  assert.equal(readLaunch("uvx", ["mcp-server-time@0.6.2"]).release.text, "pypi:mcp-server-time==0.6.2");
  const from = readLaunch("uvx", ["--python", "3.12", "--from", "mcp-server-git==0.6.2", "mcp-server-git", "--repository", "."]);
  assert.deepEqual([from.release.text, from.bin, from.args], ["pypi:mcp-server-git==0.6.2", "mcp-server-git", ["--repository", "."]]);
  assert.deepEqual([readLaunch("uv", ["tool", "run", "x==1.0"]).release.text], ["pypi:x==1.0"]);
  assert.equal(readLaunch("uvx", ["mcp-server-time"]).pinned, false);
  for (const [command, args, reason] of [
    ["docker", ["run", "-i", "x"], /started with `docker`/],
    ["node", ["dist/index.js"], /started with `node`/],
    ["npx", ["-p", "x", "y"], /option `-p`/],
    ["npx", ["./local"], /not a package from the registry/],
    ["uvx", ["--with", "extra", "x==1"], /option `--with`/],
    [undefined, [], /no command/],
  ]) {
    assert.match(readLaunch(command, args).reason, reason, `${command} ${args.join(" ")}`);
  }
  // Literal values for names that do not look secret; secrets and placeholders from this environment or a placeholder.
  assert.deepEqual(launchEnv({ MODE: "read", API_KEY: "sk-literal", TOKEN_FROM: "${input:t}", HOME_DIR: "${env:HOME}" }, { API_KEY: "from-env" }), [
    { name: "API_KEY", value: "from-env" },
    { name: "HOME_DIR", value: "mcp-contract-placeholder" },
    { name: "MODE", value: "read" },
    { name: "TOKEN_FROM", value: "mcp-contract-placeholder" },
  ]);
});

test("host configs: JSON with comments and trailing commas; servers under `servers` or `mcpServers`", async () => {
  const { configServers, stripJsonc, userConfigs } = await import("../lib/upgrade/hosts.js");
  assert.deepEqual(JSON.parse(stripJsonc('{ "a": "//not a comment, ", /* c */ "b": [1, 2,], // d\n }')), { a: "//not a comment, ", b: [1, 2] });
  assert.deepEqual(JSON.parse(stripJsonc('{"s": "a\\"b,", }')), { s: 'a"b,' });
  const vscode = configServers('{ "servers": { "x": { "command": "npx", "args": ["y@1.0.0"], "env": { "A": "b" } }, } }', "f");
  assert.deepEqual(vscode, [{ name: "x", command: "npx", args: ["y@1.0.0"], env: { A: "b" }, url: undefined }]);
  assert.equal(configServers('{ "mcpServers": { "r": { "url": "https://h/mcp" } } }', "f")[0].url, "https://h/mcp");
  assert.deepEqual(configServers('{ "other": 1 }', "f"), []);
  assert.throws(() => configServers("{ nope", ".cursor/mcp.json"), /\.cursor\/mcp\.json: is not valid JSON/);
  assert.equal(userConfigs({}, "darwin", "/Users/u")[0], "/Users/u/Library/Application Support/Claude/claude_desktop_config.json");
  assert.equal(userConfigs({ APPDATA: "C:\\A" }, "win32", "C:\\U")[0].replace(/\\/g, "/"), "C:/A/Claude/claude_desktop_config.json");
});

test("server.json: arguments, variables and the package a spec names", async () => {
  const { packageFor, readServerJson, specOf, startOf } = await import("../lib/release/server-json.js");
  const serverJson = readServerJson(
    JSON.stringify({
      packages: [
        { registryType: "oci", identifier: "ghcr.io/x/y", transport: { type: "stdio" } },
        { registryType: "pypi", identifier: "MCP_Server.Time", version: "0.6.2", transport: { type: "stdio" } },
        { registryType: "npm", identifier: "@x/remote", transport: { type: "streamable-http", url: "http://localhost/mcp" } },
      ],
    }),
    "server.json",
  );
  assert.equal(specOf(serverJson).text, "pypi:MCP_Server.Time==0.6.2");
  assert.equal(packageFor(serverJson, parseReleaseSpec("pypi:mcp-server-time==1.0")).version, "0.6.2");
  assert.equal(packageFor(serverJson, parseReleaseSpec("npm:@x/remote@1.0.0")), null, "not stdio");
  assert.throws(() => readServerJson("{}", "s.json"), /s\.json: has no `packages` array/);
  assert.throws(() => readServerJson('{"packages":[{"identifier":"x"}]}', "s.json"), /s\.json at \/packages\/0: a package needs `registryType`/);

  const start = startOf(
    {
      packageArguments: [
        { type: "positional", value: "serve" },
        { type: "named", name: "--root", value: "{dir}", variables: { dir: { default: "/data" } } },
        { type: "named", name: "--token", value: "{t}", variables: { t: { isSecret: true, default: "s3cret" } } },
        { type: "named", name: "--read-only", value: "" },
        { type: "named", name: "--port", valueHint: "port" },
        { type: "positional", valueHint: "path", isRequired: true },
      ],
      environmentVariables: [
        { name: "FROM_ENV", default: "unused" },
        { name: "API_KEY", isSecret: true, default: "never-used", isRequired: true },
        { name: "MODE", value: "fast" },
        { name: "OPTIONAL" },
      ],
    },
    { FROM_ENV: "here" },
  );
  assert.deepEqual(start.args, ["serve", "--root", "/data", "--token", "mcp-contract-placeholder", "--read-only", "mcp-contract-placeholder"]);
  assert.equal(start.bin, undefined);
  assert.deepEqual(start.env, [
    { name: "FROM_ENV", from: "FROM_ENV" },
    { name: "API_KEY", value: "mcp-contract-placeholder" },
    { name: "MODE", value: "fast" },
  ]);
  const uvx = startOf({ runtimeArguments: [{ type: "named", name: "--from", value: "pkg" }], packageArguments: [{ type: "positional", value: "pkg-mcp" }, { type: "positional", value: "--stdio" }] });
  assert.deepEqual([uvx.bin, uvx.args], ["pkg-mcp", ["--stdio"]]);
});
