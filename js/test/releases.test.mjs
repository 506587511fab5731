// Releases by name (`npm:PKG@VERSION`, `pypi:PKG==VERSION`) against real local registries:
// verdaccio holding the npm fixture server and a PEP 503 index holding the PyPI one
// (test/registries.mjs), in the versions tests/fixtures/releases/README.md describes. Every run
// of the CLI gets the registries through the usual variables (npm_config_registry,
// PIP_INDEX_URL), its own cache folder and its own TMPDIR, which must be empty afterwards: every
// sandbox is removed, on success and on every failure.
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { cliAsync, scratchDir } from "./helpers.mjs";
import { startNpmRegistry, startSimpleIndex } from "./registries.mjs";

const NPM = "npm:@fixture/mcp-server";
const PYPI = "pypi:mcp-fixture-server";
const BREAK = "tool.input.required.added";

let npmRegistry;
let index;
let yankedIndex;
const work = scratchDir("releases");
const sandboxes = join(work, "tmp");
mkdirSync(sandboxes);

before(async () => {
  [npmRegistry, index, yankedIndex] = await Promise.all([
    startNpmRegistry({ versions: ["0.8.0", "0.9.0", "1.0.0", "2.0.0"] }),
    startSimpleIndex({ versions: ["0.8.0", "0.9.0", "1.0.0", "2.0.0", "3.0.0rc1"], sdistOnly: ["0.7.0"] }),
    startSimpleIndex({ versions: ["1.0.0", "2.0.0"], yanked: ["2.0.0"] }),
  ]);
});

after(async () => {
  npmRegistry?.stop();
  await index?.stop();
  await yankedIndex?.stop();
});

let runs = 0;
/** The environment of a CLI run: the local registries, a shared cache and the sandboxes' TMPDIR. */
function registryEnv(env = {}) {
  return {
    npm_config_registry: npmRegistry.url,
    npm_config_cache: join(work, "npm-cache"),
    npm_config_update_notifier: "false",
    PIP_INDEX_URL: index.url,
    PIP_NO_CACHE_DIR: "1",
    MCP_CONTRACT_CACHE_DIR: join(work, "cache-upgrade"),
    TMPDIR: sandboxes,
    ...env,
  };
}

/** The CLI with the local registries, a cache folder (`cache`, default: one of its own) and the shared TMPDIR. */
function run(args, { cache = join(work, `cache-${++runs}`), env = {} } = {}) {
  return cliAsync(args, { cwd: work, env: registryEnv({ MCP_CONTRACT_CACHE_DIR: cache, ...env }) });
}

describe("npm releases", () => {
  test("diff of two versions by name, a dist-tag resolved and printed", async () => {
    const result = await run(["diff", `${NPM}@1.0.0`, NPM, "--format", "json"]);
    assert.equal(result.status, 1, result.stderr);
    const report = JSON.parse(result.stdout);
    assert.deepEqual(report.changes.map((c) => c.rule).sort(), ["tool.added", BREAK]);
    assert.match(result.stderr, /npm:@fixture\/mcp-server resolved to npm:@fixture\/mcp-server@2\.0\.0/);
    assert.match(result.stderr, /npm:@fixture\/mcp-server@1\.0\.0: installing into a sandbox/);
  });

  test("a range is the highest version it matches", async () => {
    const result = await run(["snapshot", `${NPM}@^1`]);
    assert.equal(result.status, 0, result.stderr);
    assert.equal(JSON.parse(result.stdout).serverInfo.version, "1.0.0");
    assert.match(result.stderr, /@\^1 resolved to npm:@fixture\/mcp-server@1\.0\.0/);
  });

  test("the cache answers a second run, --no-cache does not, and both give the same report", async () => {
    const cache = join(work, "cache-shared-npm");
    const args = ["diff", `${NPM}@1.0.0`, `${NPM}@2.0.0`, "--format", "json"];
    const first = await run(args, { cache });
    const second = await run(args, { cache });
    const fresh = await run([...args, "--no-cache"], { cache });
    for (const result of [first, second, fresh]) assert.equal(result.status, 1, result.stderr);
    assert.doesNotMatch(first.stderr, /cached capture/);
    assert.equal(second.stderr.match(/using the cached capture/g)?.length, 2, second.stderr);
    assert.doesNotMatch(second.stderr, /installing/);
    assert.doesNotMatch(fresh.stderr, /cached capture/);
    assert.equal(second.stdout, first.stdout);
    assert.equal(fresh.stdout, first.stdout);
    // Arguments change what a server lists, so they are part of the key.
    const withArgs = await run(["snapshot", `${NPM}@1.0.0`, "--", "--report-env"], { cache });
    assert.doesNotMatch(withArgs.stderr, /cached capture/);
  });

  test("check against a published release as the baseline", async () => {
    const live = join(work, "live");
    mkdirSync(live, { recursive: true });
    const snapshot = await run(["snapshot", `${NPM}@2.0.0`, "--out", join(live, "v2.json")]);
    assert.equal(snapshot.status, 0, snapshot.stderr);
    const checked = await run(["check", "--baseline", `${NPM}@1.0.0`, "--format", "json", "--", process.execPath, "-e", serveFile(join(live, "v2.json"))]);
    assert.equal(checked.status, 1, checked.stderr);
    assert.ok(JSON.parse(checked.stdout).changes.some((c) => c.rule === BREAK));
    const update = await run(["check", "--baseline", `${NPM}@1.0.0`, "--update", "--", "true"]);
    assert.equal(update.status, 2);
    assert.match(update.stderr, /--update rewrites a baseline file/);
  });

  test("failures are exit 2 with the registry's or the server's own words", async () => {
    const cases = [
      [["snapshot", "npm:@fixture/absent"], /no package @fixture\/absent in the registry \(the registry says: Not Found/],
      [["snapshot", `${NPM}@7`], /no published version of @fixture\/mcp-server matches `7`/],
      [["snapshot", `${NPM}@0.9.0`], /exited with code 3[^]*FIXTURE_DATABASE is not configured/],
      [["snapshot", `${NPM}@0.8.0`, "--timeout", "2s"], /npm:@fixture\/mcp-server@0\.8\.0: timed out after 2 s/],
      [["snapshot", "npm:@fixture/broken-deps@1.0.0"], /installing npm:@fixture\/broken-deps@1\.0\.0 failed \(npm install exit \d+\)[^]*@fixture\/absent/],
    ];
    for (const [args, message] of cases) {
      const result = await run(args);
      assert.equal(result.status, 2, `${args.join(" ")}: ${result.stderr}`);
      assert.match(result.stderr, message);
      assert.equal(result.stdout, "");
    }
  });

  test("the server sees an empty HOME and only the allowed variables, plus --env", async () => {
    const result = await run(["snapshot", `${NPM}@1.0.0`, "--env", "FIXTURE_KEY=MY_KEY", "--", "--report-env"], {
      env: { MY_KEY: "value-of-my-key-1234", OTHER_TOKEN: "other-secret-5678", AWS_SECRET_ACCESS_KEY: "aws-secret-9012" },
    });
    assert.equal(result.status, 0, result.stderr);
    const { instructions } = JSON.parse(result.stdout);
    const names = instructions.replace(/^env: /, "").split(";")[0].split(" ");
    assert.ok(names.includes("FIXTURE_KEY") && names.includes("PATH") && names.includes("HOME"), instructions);
    for (const name of ["MY_KEY", "OTHER_TOKEN", "AWS_SECRET_ACCESS_KEY", "MCP_CONTRACT_CACHE_DIR", "npm_config_cache"]) {
      assert.ok(!names.includes(name), `${name} reached the server: ${instructions}`);
    }
    assert.match(instructions, /home empty: true; cwd beside home: true/);
  });
});

describe("PyPI releases", () => {
  test("diff of two versions by name; the bare name is the newest final release", async () => {
    const result = await run(["diff", `${PYPI}==1.0.0`, PYPI, "--format", "json"]);
    assert.equal(result.status, 1, result.stderr);
    assert.deepEqual(JSON.parse(result.stdout).changes.map((c) => c.rule).sort(), ["tool.added", BREAK]);
    // 3.0.0rc1 is a pre-release: not chosen while a final release exists.
    assert.match(result.stderr, /pypi:mcp-fixture-server resolved to pypi:mcp-fixture-server==2\.0\.0/);
    assert.ok(index.requests.some((url) => url.endsWith(".whl")), "installed from the local index");
  });

  test("a yanked release is not the newest, but an exact pin still installs it", async () => {
    const newest = await run(["snapshot", PYPI], { env: { PIP_INDEX_URL: yankedIndex.url } });
    assert.equal(newest.status, 0, newest.stderr);
    assert.equal(JSON.parse(newest.stdout).serverInfo.version, "1.0.0");
    const pinned = await run(["snapshot", `${PYPI}==2.0.0`], { env: { PIP_INDEX_URL: yankedIndex.url } });
    assert.equal(pinned.status, 0, pinned.stderr);
    assert.equal(JSON.parse(pinned.stdout).serverInfo.version, "2.0.0");
  });

  test("the cache answers a second run", async () => {
    const cache = join(work, "cache-shared-pypi");
    const first = await run(["snapshot", `${PYPI}==1.0.0`], { cache });
    const second = await run(["snapshot", `${PYPI}==1.0.0`], { cache });
    assert.equal(first.status, 0, first.stderr);
    assert.match(second.stderr, /using the cached capture/);
    assert.equal(second.stdout, first.stdout);
    const files = readdirSync(join(cache, "captures", "pypi", "mcp-fixture-server", "1.0.0"));
    assert.equal(files.length, 1);
  });

  test("failures are exit 2 with the index's or the server's own words", async () => {
    const cases = [
      [["snapshot", "pypi:absent-server"], /no project absent-server on the package index http:\/\/127\.0\.0\.1:\d+\/simple \(HTTP 404\)/],
      [["snapshot", `${PYPI}==7.0`], /has no release 7\.0 on http:\/\/127\.0\.0\.1:\d+\/simple \(its newest: 3\.0\.0rc1, 2\.0\.0/],
      [["snapshot", `${PYPI}==0.9.0`], /exited with code 3[^]*FIXTURE_DATABASE is not configured/],
      [["snapshot", `${PYPI}==0.8.0`, "--timeout", "2s"], /timed out after 2 s/],
      [["snapshot", `${PYPI}==0.7.0`], /publishes no wheel, only a source distribution, whose build runs the package's own code at install/],
    ];
    for (const [args, message] of cases) {
      const result = await run(args);
      assert.equal(result.status, 2, `${args.join(" ")}: ${result.stderr}`);
      assert.match(result.stderr, message);
    }
  });

  test("an install past --install-timeout or interrupted ends the installer and removes the sandbox", async () => {
    const slow = await run(["snapshot", `${PYPI}==1.0.0`, "--install-timeout", "300ms"]);
    assert.equal(slow.status, 2, slow.stderr);
    assert.match(slow.stderr, /took longer than 300 ms; raise the limit with --install-timeout SECONDS/);
    // Creating the virtual environment takes seconds: Ctrl-C lands in the middle of it.
    const interrupted = await cliAsync(["snapshot", `${PYPI}==1.0.0`, "--no-cache"], {
      cwd: work,
      env: { PIP_INDEX_URL: index.url, TMPDIR: sandboxes, MCP_CONTRACT_CACHE_DIR: join(work, "cache-interrupted") },
      onSpawn: (child) => child.stderr.on("data", (chunk) => String(chunk).includes("installing") && setTimeout(() => child.kill("SIGINT"), 300)),
    });
    assert.equal(interrupted.status, 130, interrupted.stderr);
    assert.match(interrupted.stderr, /interrupted by SIGINT while installing pypi:mcp-fixture-server==1\.0\.0/);
  });

  test("a private index's credentials are sent and never printed", async () => {
    const withCredentials = index.url.replace("http://", "http://reader:hunter2-index-password@");
    const ok = await run(["snapshot", `${PYPI}==1.0.0`, "--no-cache"], { env: { PIP_INDEX_URL: withCredentials } });
    assert.equal(ok.status, 0, ok.stderr);
    assert.ok(index.authorizations.includes(`Basic ${Buffer.from("reader:hunter2-index-password").toString("base64")}`));
    const missing = await run(["snapshot", "pypi:absent-server"], { env: { PIP_INDEX_URL: withCredentials } });
    assert.equal(missing.status, 2);
    assert.match(missing.stderr, /on the package index http:\/\/\*\*\*@127\.0\.0\.1:\d+\/simple/);
    assert.doesNotMatch(`${ok.stdout}${ok.stderr}${missing.stderr}`, /hunter2/);
  });

  test("the server sees an empty HOME and only the allowed variables", async () => {
    const result = await run(["snapshot", `${PYPI}==1.0.0`, "--", "--report-env"], { env: { OTHER_TOKEN: "other-secret-5678" } });
    assert.equal(result.status, 0, result.stderr);
    const { instructions } = JSON.parse(result.stdout);
    assert.doesNotMatch(instructions, /OTHER_TOKEN|MCP_CONTRACT_CACHE_DIR/);
    assert.match(instructions, /home empty: true; cwd beside home: true/);
  });
});

describe("upgrade: the servers host configs pin", () => {
  /** A git repository with host configs; `files` maps paths to contents. */
  function repository(files) {
    const dir = join(work, `repo-${++runs}`);
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(join(dir, file, ".."), { recursive: true });
      writeFileSync(join(dir, file), text);
    }
    const git = (...args) => spawnSync("git", args, { cwd: dir, encoding: "utf8", env: { ...process.env, GIT_AUTHOR_NAME: "t", GIT_AUTHOR_EMAIL: "t@t", GIT_COMMITTER_NAME: "t", GIT_COMMITTER_EMAIL: "t@t" } });
    git("init", "-q");
    git("add", "-A");
    git("commit", "-qm", "base");
    return { dir, git };
  }
  const vscode = (pin) => `{
  // comments and trailing commas, as VS Code writes them
  "inputs": [{ "type": "promptString", "id": "key", "password": true }],
  "servers": {
    "items": { "type": "stdio", "command": "npx", "args": ["-y", "@fixture/mcp-server@${pin}"], "env": { "API_KEY": "\${input:key}" } },
    "floating": { "command": "npx", "args": ["-y", "@fixture/mcp-server"] },
    "remote": { "type": "http", "url": "https://example.invalid/mcp?key=abcdefgh12345" },
  },
}`;
  const cursor = JSON.stringify({ mcpServers: { py: { command: "uvx", args: ["--from", "mcp-fixture-server==1.0.0", "mcp-fixture-server"] } } });

  test("each pinned server against its newest release, in every format", async () => {
    const { dir } = repository({ ".vscode/mcp.json": vscode("1.0.0"), ".cursor/mcp.json": cursor });
    const result = await cliAsync(["upgrade", "--format", "json"], { cwd: dir, env: registryEnv() });
    assert.equal(result.status, 1, result.stderr);
    const report = JSON.parse(result.stdout);
    assert.equal(report.summary.verdict, "fail");
    assert.deepEqual(report.summary.failing, ["items", "py"]);
    const byName = Object.fromEntries(report.servers.map((s) => [s.name, s]));
    assert.equal(byName.items.status, "compared");
    assert.equal(byName.items.new, "npm:@fixture/mcp-server@2.0.0");
    assert.ok(byName.items.report.changes.some((c) => c.rule === BREAK));
    assert.equal(byName.py.status, "compared");
    assert.equal(byName.py.new, "pypi:mcp-fixture-server==2.0.0");
    assert.equal(byName.floating.status, "notComparable");
    assert.match(byName.floating.reason, /not pinned/);
    assert.equal(byName.remote.status, "notComparable");
    assert.doesNotMatch(result.stdout, /abcdefgh12345/);
    // The other formats, from the cache now.
    const sarif = JSON.parse((await cliAsync(["upgrade", "-q", "--format", "sarif"], { cwd: dir, env: registryEnv() })).stdout);
    assert.equal(sarif.runs.length, 2);
    const junit = (await cliAsync(["upgrade", "-q", "--format", "junit"], { cwd: dir, env: registryEnv() })).stdout;
    assert.match(junit, /^<\?xml[^]*<testsuites name="mcp-contract upgrade" tests="4" failures="2"[^]*<testsuite name="mcp-contract: items[^]*<testsuite name="mcp-contract: py/);
    const markdown = (await cliAsync(["upgrade", "-q", "--format", "markdown"], { cwd: dir, env: registryEnv() })).stdout;
    assert.match(markdown, /^## mcp-contract upgrade: ❌ FAIL\n[^]*\| items \| \.vscode\/mcp\.json \|/);
    const text = (await cliAsync(["upgrade", "-q"], { cwd: dir, env: registryEnv() })).stdout;
    assert.match(text, /^== items \(\.vscode\/mcp\.json\): npm:@fixture\/mcp-server@1\.0\.0 → npm:@fixture\/mcp-server@2\.0\.0\n/);
    assert.match(text, /mcp-contract upgrade: FAIL: 2 of 4 servers compared; failing: items, py\.\n/);
  });

  test("--base REF: the pins of a dependency-bump change, and servers up to date", async () => {
    const { dir, git } = repository({ ".vscode/mcp.json": vscode("1.0.0") });
    writeFileSync(join(dir, ".vscode/mcp.json"), vscode("2.0.0").replace('"remote"', '"remote2"'));
    const result = await cliAsync(["upgrade", "--base", "HEAD", "--format", "json", "-q"], { cwd: dir, env: registryEnv() });
    assert.equal(result.status, 1, result.stderr);
    const statuses = Object.fromEntries(JSON.parse(result.stdout).servers.map((s) => [s.name, s.status]));
    assert.deepEqual(statuses, { items: "compared", floating: "notComparable", remote2: "added", remote: "removed" });
    git("commit", "-qam", "bump");
    const current = await cliAsync(["upgrade", "-q"], { cwd: dir, env: registryEnv() });
    assert.equal(current.status, 0, current.stderr);
    assert.match(current.stdout, /items \(\.vscode\/mcp\.json\): npm:@fixture\/mcp-server@2\.0\.0: up to date/);
  });

  test("a server that cannot be captured is its own error line, exit 2; the others are still reported", async () => {
    const { dir } = repository({ "mcp.json": JSON.stringify({ mcpServers: { items: { command: "npx", args: ["@fixture/mcp-server@1.0.0"] }, py: { command: "uvx", args: ["mcp-fixture-server==1.0.0"] } } }) });
    const result = await cliAsync(["upgrade", "mcp.json", "--to", "0.9.0", "-q"], { cwd: dir, env: registryEnv() });
    assert.equal(result.status, 2, result.stderr);
    assert.match(result.stdout, /items \(mcp\.json\): error: capture failed: the server npm:@fixture\/mcp-server@0\.9\.0 exited with code 3/);
    assert.match(result.stdout, /py \(mcp\.json\): error: /);
  });

  test("no config found is a clear error", async () => {
    const { dir } = repository({ "README.md": "x" });
    const result = await cliAsync(["upgrade"], { cwd: dir, env: registryEnv() });
    assert.equal(result.status, 2);
    assert.match(result.stderr, /no MCP host config found \(looked for \.vscode\/mcp\.json, /);
  });
});

describe("server.json: the start command a server author publishes", () => {
  const npmServerJson = {
    name: "io.github.fixture/items",
    version: "1.0.0",
    packages: [
      {
        registryType: "npm",
        identifier: "@fixture/mcp-server",
        version: "1.0.0",
        transport: { type: "stdio" },
        runtimeHint: "npx",
        runtimeArguments: [{ type: "positional", value: "-y" }],
        packageArguments: [{ type: "positional", value: "--report-env" }, { type: "named", name: "--mode", value: "{mode}", variables: { mode: { default: "demo" } } }],
        environmentVariables: [
          { name: "FIXTURE_MODE", default: "demo" },
          { name: "FIXTURE_TOKEN", isSecret: true, isRequired: true },
          { name: "FIXTURE_OPTIONAL", description: "not required, no value: left out" },
        ],
      },
    ],
  };
  const pypiServerJson = {
    packages: [
      {
        registryType: "pypi",
        identifier: "mcp-fixture-server",
        version: "1.0.0",
        transport: { type: "stdio" },
        runtimeHint: "uvx",
        runtimeArguments: [{ type: "named", name: "--from", value: "mcp-fixture-server" }],
        packageArguments: [{ type: "positional", value: "mcp-fixture-server" }, { type: "positional", value: "--report-env" }],
      },
    ],
  };

  test("snapshot --server-json: the package, version, arguments and variables it describes", async () => {
    const file = join(work, "npm-server.json");
    writeFileSync(file, JSON.stringify(npmServerJson));
    const result = await run(["snapshot", "--server-json", file]);
    assert.equal(result.status, 0, result.stderr);
    const snapshot = JSON.parse(result.stdout);
    assert.equal(snapshot.serverInfo.version, "1.0.0");
    const names = snapshot.instructions.replace(/^env: /, "").split(";")[0].split(" ");
    assert.ok(names.includes("FIXTURE_MODE") && names.includes("FIXTURE_TOKEN"), snapshot.instructions);
    assert.ok(!names.includes("FIXTURE_OPTIONAL"), snapshot.instructions);
  });

  test("a release spec started as server.json says: uvx --from picks the command", async () => {
    const file = join(work, "pypi-server.json");
    writeFileSync(file, JSON.stringify(pypiServerJson));
    const result = await run(["snapshot", `${PYPI}==1.0.0`, "--server-json", file]);
    assert.equal(result.status, 0, result.stderr);
    assert.match(JSON.parse(result.stdout).instructions, /^env: .*home empty: true/);
    const other = await run(["snapshot", `${NPM}@1.0.0`, "--server-json", file]);
    assert.equal(other.status, 2);
    assert.match(other.stderr, /no stdio npm package @fixture\/mcp-server in it \(its packages: pypi mcp-fixture-server\)/);
  });
});

describe("release specs are data, never paths or shell", () => {
  test("refused before anything runs", async () => {
    const refused = ["npm:../server", "npm:/abs/server", "npm:x@file:../y", "npm:x@$(id)", "npm:x@1;id", "npm:git+https://h/r.git", "pypi:x>=1", "pypi:../x", "pypi:x==1;id", "npm:x@1 <2"];
    for (const spec of refused) {
      const result = await run(["snapshot", spec]);
      assert.equal(result.status, 2, spec);
      assert.match(result.stderr, /is not (?:an npm package name|a version|a PyPI project name)/, `${spec}: ${result.stderr}`);
      assert.doesNotMatch(result.stderr, /resolv|install/, spec);
    }
  });

  test("release options without a release are refused", async () => {
    const result = await run(["diff", "a.json", "b.json", "--no-cache"]);
    assert.equal(result.status, 2);
    assert.match(result.stderr, /--no-cache applies only to a release spec/);
    const args = await run(["diff", "a.json", "b.json", "--", "--toolsets", "all"]);
    assert.match(args.stderr, /words after -- are arguments for a release's server/);
  });
});

after(() => {
  // Every sandbox is gone, whatever the run's outcome.
  const left = existsSync(sandboxes) ? readdirSync(sandboxes) : [];
  assert.deepEqual(left, [], `sandboxes left behind in ${sandboxes}`);
});

/** A `node -e` program serving the snapshot file as a stdio server (initialize, tools/list). */
function serveFile(file) {
  const snapshot = JSON.parse(readFileSync(file, "utf8"));
  return `const s=${JSON.stringify({ tools: snapshot.tools, serverInfo: snapshot.serverInfo })};
require("readline").createInterface({input:process.stdin}).on("line",(l)=>{const m=JSON.parse(l);if(m.id===undefined)return;
const r=m.method==="initialize"?{protocolVersion:"2025-06-18",capabilities:{tools:{}},serverInfo:s.serverInfo,instructions:"Fixture items."}:m.method==="tools/list"?{tools:s.tools}:null;
process.stdout.write(JSON.stringify(r?{jsonrpc:"2.0",id:m.id,result:r}:{jsonrpc:"2.0",id:m.id,error:{code:-32601,message:"no"}})+"\\n");});`;
}
