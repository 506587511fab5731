// The wired CLI end to end, as CI runs it: every report format, --output, the GitHub job
// summary, git inputs, the semver gate, the semantic pass, and snapshot/check against live test
// servers over stdio and HTTP (with the hang, crash and garbage servers and Ctrl-C).
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import http from "node:http";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import { loadCommands } from "../lib/cli.js";
import { FORMATS } from "../lib/report.js";

const COMMANDS = await loadCommands();
import { cli, cliAsync, fixturesDir, gone, httpServer, repoRoot, scratchDir, server } from "./helpers.mjs";

const fixture = (rule, side) => join(fixturesDir, rule, `${side}.json`);
const removed = [fixture("tool.removed", "old"), fixture("tool.removed", "new")];
const described = [fixture("tool.description.changed", "old"), fixture("tool.description.changed", "new")];

const scratch = scratchDir("commands");
const file = (name, text) => {
  const path = join(scratch, name);
  writeFileSync(path, typeof text === "string" ? text : JSON.stringify(text));
  return path;
};

const tool = (name, description) => ({ name, description, inputSchema: { type: "object" } });
const withVersion = (version, tools) => ({ serverInfo: { name: "demo", version }, tools });

describe("report formats", () => {
  test("every format renders the same verdict and every change, and the exit code follows the verdict", () => {
    const json = JSON.parse(cli(["diff", ...removed, "--format", "json"]).stdout);
    const [change] = json.changes;
    for (const format of FORMATS) {
      const result = cli(["diff", ...removed, "--format", format]);
      assert.equal(result.status, 1, `${format}: ${result.stderr}`);
      assert.equal(result.stderr, "");
      assert.ok(result.stdout.includes(change.rule), `${format} names the rule`);
      assert.match(result.stdout, /fail/i, `${format} shows the verdict`);
    }
    assert.equal(cli(["diff", ...removed, "--format", "junit"]).stdout.match(/<failure /g)?.length, 1);
    assert.match(cli(["diff", ...removed, "--format", "github"]).stdout, /^::error file=tests\/fixtures\/rules\/tool\.removed\/new\.json,line=\d+/m);
  });

  test("--output writes the chosen format to the file while the text summary goes to the terminal", () => {
    const out = join(scratch, "report.sarif");
    const result = cli(["diff", ...removed, "--format", "sarif", "--output", out]);
    assert.equal(result.status, 1);
    assert.equal(readFileSync(out, "utf8"), cli(["diff", ...removed, "--format", "sarif"]).stdout);
    assert.equal(result.stdout, cli(["diff", ...removed]).stdout, "stdout is the text report");
    const coloured = cli(["diff", ...removed, "--output", out], { env: { NO_COLOR: undefined, FORCE_COLOR: "1" } });
    assert.match(coloured.stdout, /\x1b\[/, "the terminal copy is coloured when asked");
    assert.equal(readFileSync(out, "utf8"), cli(["diff", ...removed]).stdout, "the file never is");
    const bad = cli(["diff", ...removed, "--output", join(scratch, "no-such-dir", "x")]);
    assert.equal(bad.status, 2);
    assert.match(bad.stderr, /--output: cannot write .*no-such-dir/);
  });

  test("--report FORMAT=FILE, repeated, writes each file in its own format; stdout is unchanged", () => {
    const [sarif, junit, json] = ["r.sarif", "r.xml", "r.json"].map((name) => join(scratch, name));
    const result = cli(["diff", ...removed, "--format", "github", "--report", `sarif=${sarif}`, "--report", `junit=${junit}`, "--report", `json=${json}`]);
    assert.equal(result.status, 1);
    assert.equal(result.stdout, cli(["diff", ...removed, "--format", "github"]).stdout, "the log still gets the annotations");
    for (const [file, format] of [[sarif, "sarif"], [junit, "junit"], [json, "json"]]) {
      assert.equal(readFileSync(file, "utf8"), cli(["diff", ...removed, "--format", format]).stdout, format);
    }
    for (const bad of ["sarif", "pdf=x.pdf", "sarif="]) {
      const usage = cli(["diff", ...removed, "--report", bad]);
      assert.equal(usage.status, 2, bad);
      assert.match(usage.stderr, /--report .* is not FORMAT=FILE/);
    }
  });

  test("--format github appends the Markdown report to $GITHUB_STEP_SUMMARY, other formats do not", () => {
    const summary = file("summary.md", "# earlier step\n");
    const env = { GITHUB_STEP_SUMMARY: summary };
    assert.equal(cli(["diff", ...removed, "--format", "github"], { env }).status, 1);
    const markdown = cli(["diff", ...removed, "--format", "markdown"]).stdout;
    assert.equal(readFileSync(summary, "utf8"), `# earlier step\n${markdown}`);
    cli(["diff", ...removed, "--format", "text"], { env });
    assert.equal(readFileSync(summary, "utf8"), `# earlier step\n${markdown}`);
  });
});

describe("git inputs", () => {
  const repo = join(scratch, "repo");
  mkdirSync(join(repo, "snapshots"), { recursive: true });
  const git = (...args) => execFileSync("git", args, { cwd: repo, encoding: "utf8", env: { ...process.env, GIT_CONFIG_GLOBAL: "/dev/null" } });
  git("init", "-q", "-b", "main");
  git("config", "user.email", "t@example.com");
  git("config", "user.name", "t");
  writeFileSync(join(repo, "snapshots", "server.json"), JSON.stringify({ tools: [tool("a", "A."), tool("b", "B.")] }));
  git("add", ".");
  git("commit", "-q", "-m", "one");
  writeFileSync(join(repo, "snapshots", "server.json"), JSON.stringify({ tools: [tool("a", "A.")] }));
  git("commit", "-q", "-am", "two");

  test("git:REF:PATH reads committed files, and mixes with paths", () => {
    const result = cli(["diff", "git:HEAD~1:snapshots/server.json", "git:main:snapshots/server.json", "--format", "json"], { cwd: repo });
    assert.equal(result.status, 1, result.stderr);
    assert.deepEqual(JSON.parse(result.stdout).changes.map((c) => `${c.rule} ${c.entity.name}`), ["tool.removed b"]);
    const mixed = cli(["diff", "git:HEAD~1:snapshots/server.json", "snapshots/server.json", "--format", "github"], { cwd: repo });
    assert.match(mixed.stdout, /^::error file=snapshots\/server\.json,/m, "annotations point at the repository path");
  });

  test("a missing ref or path is one clear line, exit 2", () => {
    const ref = cli(["diff", "git:nope:snapshots/server.json", "snapshots/server.json"], { cwd: repo });
    assert.equal(ref.status, 2);
    assert.match(ref.stderr, /^mcp-contract: OLD: no commit, branch or tag `nope`/);
    const path = cli(["diff", "snapshots/server.json", "git:main:missing.json"], { cwd: repo });
    assert.equal(path.status, 2);
    assert.match(path.stderr, /^mcp-contract: NEW: path `missing.json` does not exist at `main`/);
  });
});

describe("--semver", () => {
  const old = file("v1.json", withVersion("1.4.0", [tool("a", "A."), tool("b", "B.")]));
  const minor = file("v1-minor.json", withVersion("1.5.0", [tool("a", "A.")]));
  const major = file("v2.json", withVersion("2.0.0", [tool("a", "A.")]));

  test("a too-small bump fails, naming the required bump and the change that requires it", () => {
    const result = cli(["diff", old, minor, "--semver", "--fail-on", "none"]);
    assert.equal(result.status, 1, "the gate alone fails the run");
    assert.match(result.stdout, /semver: 1\.4\.0 → 1\.5\.0 is a minor bump, but the changes need a major bump: BREAKING change `tool\.removed`: tool `b` was removed/);
    assert.match(result.stdout, /^FAIL: /m);
    const github = cli(["diff", old, minor, "--semver", "--format", "github"]);
    assert.equal(github.status, 1);
    assert.match(github.stdout, /^::error title=mcp-contract verdict::FAIL: .*but the changes need a major bump/m);
  });

  test("a major bump over a BREAKING change exits 0, prints the changes and says the bump is required and present", () => {
    const result = cli(["diff", old, major, "--semver"]);
    assert.equal(result.status, 0, result.stdout + result.stderr);
    assert.match(result.stdout, /tool `b` was removed/);
    assert.match(result.stdout, /semver: 1\.4\.0 → 2\.0\.0: major bump: required and present \(BREAKING change `tool\.removed`/);
    const json = cli(["diff", old, major, "--semver", "--format", "json"]);
    assert.equal(json.status, 0);
    const { semver, changes } = JSON.parse(json.stdout);
    assert.deepEqual(
      { required: semver.required, actual: semver.actual, cause: semver.cause },
      { required: "major", actual: "major", cause: { id: changes[0].id, rule: "tool.removed", severity: "BREAKING", message: changes[0].message } },
    );
    assert.match(json.stderr, /major bump: required and present/);
  });

  test("a big enough bump passes; --old-version/--new-version override serverInfo", () => {
    const ok = cli(["diff", old, major, "--semver", "--fail-on", "none"]);
    assert.equal(ok.status, 0, ok.stdout);
    assert.match(ok.stdout, /semver: 1\.4\.0 → 2\.0\.0: major bump: required and present/);
    const overridden = cli(["diff", old, major, "--semver", "--fail-on", "none", "--old-version", "0.3.0", "--new-version", "0.4.0"]);
    assert.equal(overridden.status, 0, "0.x: a minor bump is enough for a breaking change");
    const json = cli(["diff", old, minor, "--semver", "--fail-on", "none", "--format", "json"]);
    assert.equal(json.status, 1);
    assert.doesNotThrow(() => JSON.parse(json.stdout), "machine formats stay clean: the gate's line goes to stderr");
    assert.match(json.stderr, /needs? a major bump/);
  });

  test("a missing or invalid version is a usage error", () => {
    const missing = cli(["diff", ...removed, "--semver"]);
    assert.equal(missing.status, 2);
    assert.equal(missing.stdout, "", "nothing is printed before the usage error");
    assert.match(missing.stderr, /--semver: .*has no serverInfo\.version; pass --old-version V/);
    const invalid = cli(["diff", old, major, "--semver", "--new-version", "latest"]);
    assert.equal(invalid.status, 2);
    assert.equal(invalid.stdout, "");
    assert.match(invalid.stderr, /^mcp-contract: --semver: `latest` is not a semantic version/);
    assert.equal(cli(["diff", old, major, "--old-version", "1.0.0"]).status, 2, "--old-version needs --semver");
  });
});

describe("--semantic", () => {
  async function chatServer(answer) {
    const server = http.createServer((req, res) => {
      let body = "";
      req.on("data", (c) => (body += c));
      req.on("end", () => {
        if (answer === "error") return res.writeHead(503).end();
        const { changes } = JSON.parse(JSON.parse(body).messages[1].content);
        const notes = Object.fromEntries(changes.map((c) => [c.id, `no longer says "${c.old}"`]));
        res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ choices: [{ message: { content: JSON.stringify(notes) } }] }));
      });
    });
    await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
    return {
      env: { MCP_CONTRACT_SEMANTIC_URL: `http://127.0.0.1:${server.address().port}/v1`, MCP_CONTRACT_SEMANTIC_MODEL: "m" },
      close: () => new Promise((resolve) => server.close(resolve)),
    };
  }
  const stripNotes = (text) => {
    const report = JSON.parse(text);
    for (const change of [...report.changes, ...report.suppressed]) delete change.note;
    return JSON.stringify(report);
  };

  test("notes are attached by change id; the report minus notes and the exit code are unchanged", async () => {
    const model = await chatServer("notes");
    try {
      const plain = await cliAsync(["diff", ...described, "--format", "json"]);
      const noted = await cliAsync(["diff", ...described, "--format", "json", "--semantic"], { env: model.env });
      assert.equal(noted.status, plain.status);
      assert.equal(noted.stderr, "");
      const [change] = JSON.parse(noted.stdout).changes;
      assert.equal(change.note, `no longer says "${change.old}"`);
      assert.equal(stripNotes(noted.stdout), stripNotes(plain.stdout));
      const text = await cliAsync(["diff", ...described, "--semantic"], { env: model.env });
      assert.match(text.stdout, /^ {6}note: no longer says/m);
    } finally {
      await model.close();
    }
  });

  test("a failing provider only warns; --semantic-cmd is a provider too", async () => {
    const model = await chatServer("error");
    try {
      const plain = await cliAsync(["diff", ...described, "--format", "json"]);
      const failed = await cliAsync(["diff", ...described, "--format", "json", "--semantic"], { env: model.env });
      assert.equal(failed.status, plain.status);
      assert.equal(failed.stdout, plain.stdout);
      assert.match(failed.stderr, /^mcp-contract: warning: --semantic: the model endpoint answered HTTP 503; no notes added\n$/);
    } finally {
      await model.close();
    }
    const script = file("notes.mjs", "let s='';process.stdin.on('data',(c)=>(s+=c)).on('end',()=>{const {changes}=JSON.parse(s);console.log(JSON.stringify({notes:Object.fromEntries(changes.map((c)=>[c.id,'from a command']))}))});");
    const viaCommand = await cliAsync(["diff", ...described, "--format", "json", "--semantic-cmd", `"${process.execPath}" "${script}"`]);
    assert.equal(JSON.parse(viaCommand.stdout).changes[0].note, "from a command");
  });

  test("Ctrl-C during --semantic-cmd ends the command (in its own process group), exit 130", async () => {
    const pidFile = join(scratch, "semantic-pid");
    const slow = file("slow.mjs", `import { writeFileSync } from "node:fs"; writeFileSync(${JSON.stringify(pidFile)}, String(process.pid)); setInterval(() => {}, 1000);`);
    const result = await cliAsync(["diff", ...described, "--semantic-cmd", `"${process.execPath}" "${slow}"`], {
      onSpawn: async (child) => {
        while (!existsSync(pidFile)) await new Promise((resolve) => setTimeout(resolve, 50));
        child.kill("SIGINT");
      },
    });
    assert.equal(result.status, 130, result.stderr);
    assert.equal(result.stdout, "");
    assert.match(result.stderr, /^mcp-contract: interrupted during --semantic/);
    assert.deepEqual(await gone([Number(readFileSync(pidFile, "utf8"))]), []);
  });
});

describe("snapshot and check against live servers", () => {
  const pidsOf = (path) => readFileSync(path, "utf8").split(" ").map(Number);

  test("snapshot over stdio prints the canonical snapshot; --out writes the same bytes", async () => {
    const printed = await cliAsync(["snapshot", "--", server("surface-server.mjs", "v1").command, ...server("surface-server.mjs", "v1").args]);
    assert.equal(printed.status, 0, printed.stderr);
    const snapshot = JSON.parse(printed.stdout);
    assert.equal(snapshot.format, "mcp-contract/snapshot@1");
    assert.deepEqual(snapshot.serverInfo, { name: "issues-demo", version: "1.4.0" });
    const out = join(scratch, "v1.json");
    const written = await cliAsync(["snapshot", "--out", out, "--", ...serverArgs("v1")]);
    assert.equal(written.status, 0, written.stderr);
    assert.equal(written.stdout, "");
    assert.equal(readFileSync(out, "utf8"), printed.stdout);
  });

  test("check: a missing baseline says how to create it; --update creates it; v2 fails with the changes and the semver gate", async () => {
    const baseline = join(scratch, "baseline.json");
    const missing = await cliAsync(["check", "--baseline", baseline, "--", ...serverArgs("v1")]);
    assert.equal(missing.status, 2);
    assert.match(missing.stderr, /does not exist; run check with --update/);
    const created = await cliAsync(["check", "--baseline", baseline, "--update", "--", ...serverArgs("v1")]);
    assert.equal(created.status, 0, created.stderr);
    // Nothing was compared, so no report ("PASS: no changes" would claim a comparison).
    assert.equal(created.stdout, `CREATED: baseline \`${baseline}\` from the capture (2 tools, 1 resource, 1 resource template, 1 prompt); nothing was compared.\n`);
    assert.equal(JSON.parse(readFileSync(baseline, "utf8")).serverInfo.version, "1.4.0");
    const createdJson = await cliAsync(["check", "--baseline", join(scratch, "baseline-json.json"), "--update", "--format", "json", "--", ...serverArgs("v1")]);
    assert.equal(createdJson.status, 0, createdJson.stderr);
    assert.equal(createdJson.stdout, "", "no report beside a format for machines either");
    assert.match(createdJson.stderr, /^mcp-contract: baseline `.*baseline-json\.json` created from the capture \(2 tools, .*\); nothing was compared\n$/m);
    const unchanged = await cliAsync(["check", "--baseline", baseline, "--update", "--", ...serverArgs("v1")]);
    assert.match(unchanged.stdout, /^PASS: no changes[^\n]*\nUNCHANGED: baseline `.*` already holds this capture\.\n$/);
    const same = await cliAsync(["check", "--baseline", baseline, "--", ...serverArgs("v1")]);
    assert.equal(same.status, 0);
    assert.match(same.stdout, /^PASS: no changes/m);

    const changed = await cliAsync(["check", "--baseline", baseline, "--format", "json", "--semver", "--", ...serverArgs("v2")]);
    assert.equal(changed.status, 0, "with --semver the gate decides: 1.4.0 → 2.0.0 is the major bump the changes need");
    const found = JSON.parse(changed.stdout).changes.map((c) => `${c.rule} ${c.entity.name}`);
    for (const expected of ["tool.removed get_issue", "tool.added create_issue"]) assert.ok(found.includes(expected), found.join(", "));
    assert.match(changed.stderr, /semver: 1\.4\.0 → 2\.0\.0: major bump: required and present/);
    assert.equal(JSON.parse(readFileSync(baseline, "utf8")).serverInfo.version, "1.4.0", "untouched without --update");

    const accepted = await cliAsync(["check", "--baseline", baseline, "--update", "--", ...serverArgs("v2")]);
    assert.equal(accepted.status, 0, "--update accepts the changes");
    assert.match(accepted.stdout, /tool `get_issue` was removed/, "and still reports them");
    // The FAIL verdict is not the last word of a run that exits 0: the acceptance is.
    assert.match(accepted.stdout, /\nFAIL: 4 breaking[^\n]*\nACCEPTED: baseline `.*` updated from the capture: every change is accepted, so check exits 0\.\n$/);
    assert.equal(JSON.parse(readFileSync(baseline, "utf8")).serverInfo.version, "2.0.0");
  });

  test("snapshot and check over Streamable HTTP, with a header read from the environment", async () => {
    const live = await httpServer("v2", { TEST_TOKEN: "secret-4242" });
    try {
      const env = { MCP_AUTH: "Bearer secret-4242" };
      const snapshot = await cliAsync(["snapshot", "--url", live.url, "--header", "Authorization=MCP_AUTH"], { env });
      assert.equal(snapshot.status, 0, snapshot.stderr);
      assert.equal(JSON.parse(snapshot.stdout).capture.transport, "streamable-http");
      assert.ok(!snapshot.stdout.includes("secret-4242"), "the header value is never written");
      const baseline = file("http-baseline.json", snapshot.stdout);
      const check = await cliAsync(["check", "--baseline", baseline, "--url", live.url, "--header", "Authorization=MCP_AUTH"], { env });
      assert.equal(check.status, 0, check.stderr);
      const denied = await cliAsync(["snapshot", "--url", live.url, "--header", "Authorization=MCP_AUTH"], { env: { MCP_AUTH: "Bearer wrong-1" } });
      assert.equal(denied.status, 2);
      assert.match(denied.stderr, /HTTP 401/);
      assert.ok(!denied.stderr.includes("wrong-1"));
    } finally {
      await live.stop();
    }
  });

  test("hang, crash and garbage servers give their clear error, exit 2, and leave no process", async () => {
    const pidFile = join(scratch, "hang-pids");
    const hang = await cliAsync(["snapshot", "--timeout", "1.5", "--", process.execPath, join(repoRoot, "js/test/servers/hang-server.mjs"), "serve", pidFile]);
    assert.equal(hang.status, 2);
    assert.match(hang.stderr, /^mcp-contract: capture failed: .*timed out after 1\.5 s/);
    assert.match(hang.stderr, /hang-server: waiting forever/);
    assert.deepEqual(await gone(pidsOf(pidFile)), []);

    const crash = await cliAsync(["snapshot", "--", ...serverArgs(null, "crash-server.mjs")]);
    assert.equal(crash.status, 2);
    assert.match(crash.stderr, /exited with code 3 before the capture finished[\s\S]*DATABASE_URL is not set/);
    const garbage = await cliAsync(["check", "--baseline", removed[0], "--", ...serverArgs(null, "garbage-server.mjs")]);
    assert.equal(garbage.status, 2);
    assert.match(garbage.stderr, /wrote non-JSON to stdout/);
  });

  test("Ctrl-C ends the server and its child, exit 130", async () => {
    const pidFile = join(scratch, "int-pids");
    const result = await cliAsync(["snapshot", "--", process.execPath, join(repoRoot, "js/test/servers/hang-server.mjs"), "serve", pidFile], {
      onSpawn: async (child) => {
        while (!existsSync(pidFile)) await new Promise((resolve) => setTimeout(resolve, 50));
        await new Promise((resolve) => setTimeout(resolve, 200));
        child.kill("SIGINT");
      },
    });
    assert.equal(result.status, 130, result.stderr);
    assert.match(result.stderr, /interrupted by SIGINT while waiting for/);
    assert.deepEqual(await gone(pidsOf(pidFile)), []);
  });

  test("server usage errors", () => {
    assert.match(cli(["snapshot"]).stderr, /snapshot needs a server: -- COMMAND/);
    assert.match(cli(["snapshot", "--url", "http://127.0.0.1:9/mcp", "--", "node"]).stderr, /either --url URL or -- COMMAND/);
    assert.match(cli(["snapshot", "--header", "A=B", "--", "node"]).stderr, /--header only applies with --url/);
    assert.match(cli(["snapshot", "--timeout", "soon", "--", "node"]).stderr, /--timeout: `soon` must be a positive duration like 30s/);
    assert.equal(cli(["snapshot", "--timeout", "0", "--", "node"]).stderr, "mcp-contract: --timeout: `0` must be a positive duration like 30s, 1500ms or 2m (a bare number is seconds)\n");
    // Only http: and https: reach the network; anything else is refused first, naming what is taken.
    for (const url of ["ftp://127.0.0.1/mcp", "file:///etc/passwd", "localhost:3000/mcp", "not a url"]) {
      const refused = cli(["snapshot", "--url", url, "--header", "Authorization=NOT_SET_ANYWHERE"]);
      assert.equal(refused.status, 2);
      assert.equal(refused.stderr, `mcp-contract: --url: \`${url}\` is not an http:// or https:// URL, the only kinds Streamable HTTP capture takes (e.g. http://127.0.0.1:3000/mcp)\n`);
    }
    assert.match(cli(["check", "--", "node"]).stderr, /check needs --baseline FILE/);
    assert.match(cli(["snapshot", "extra", "--", "node"]).stderr, /goes after --/);
  });
});

function serverArgs(version, name = "surface-server.mjs") {
  const { command, args } = version === null ? server(name) : server(name, version);
  return [command, ...args];
}

describe("help", () => {
  test("the main help lists every command; each command's help lists each of its options", () => {
    const main = cli(["--help"]);
    assert.equal(main.status, 0);
    for (const command of COMMANDS) {
      assert.match(main.stdout, new RegExp(`^  ${command.name} +\\S`, "m"), `${command.name} in the command list`);
      const own = cli([command.name, "--help"]);
      assert.equal(own.status, 0);
      assert.equal(own.stdout, cli(["help", command.name]).stdout);
      for (const option of Object.keys(command.options)) {
        assert.match(own.stdout, new RegExp(`^ +--${option}\\b`, "m"), `${command.name} --help describes --${option}`);
      }
    }
  });

  test("each command's help lists its options as one aligned block, before any prose", () => {
    // An option line: two spaces, the option with its placeholders (`--config FILE`, `--quiet, -q`,
    // `-- COMMAND [ARGS…]`), then its description; a description's further lines start at its column.
    const OPTION = /^ {2}(?:--?[a-z][a-z-]*|--)(?:,? -{1,2}[a-z][a-z-]*| [A-Z][A-Z0-9_=]*| \[[A-Z]+…?\])* +(?=\S)/;
    const columns = new Set();
    for (const command of COMMANDS) {
      const lines = cli([command.name, "--help"]).stdout.split("\n");
      const at = lines.flatMap((line, i) => (OPTION.test(line) ? [i] : []));
      assert.equal(at.length > 0, Object.keys(command.options).length > 0, `${command.name}: options listed iff it has some`);
      if (at.length === 0) continue;
      const column = OPTION.exec(lines[at[0]])[0].length;
      columns.add(column);
      assert.equal(lines[at[0] - 1], "Options:", `${command.name}: the block starts under "Options:"`);
      let i = at[0];
      for (; i < lines.length; i++) {
        const line = lines[i];
        const option = OPTION.exec(line);
        if (option) assert.equal(option[0].length, column, `${command.name}: description of \`${line.trim()}\` at column ${column}`);
        else if (i > at.at(-1) && !/^ {2}/.test(line)) break;
        else if (!/^[A-Z][a-z ]* options:$/.test(line)) {
          assert.equal(/^ */.exec(line)[0].length, column, `${command.name}: \`${line}\` sits inside the options block, at column ${column} or as a heading`);
        }
      }
      assert.ok(i === lines.length || lines[i] === "", `${command.name}: a blank line ends the options block, before \`${lines[i]}\``);
    }
    assert.equal(columns.size, 1, `every command's descriptions start at one column: ${[...columns]}`);
  });

  test("the main help's synopsis of a command lists all its options or says [options]", () => {
    const main = cli(["--help"]).stdout;
    assert.match(main, /\[options\]: see `mcp-contract COMMAND --help`/);
    for (const command of COMMANDS) {
      const lines = main.split("\n").filter((line) => line.startsWith(`  mcp-contract ${command.name} `) || line === `  mcp-contract ${command.name}`);
      assert.ok(lines.length > 0, `${command.name} has a synopsis`);
      for (const line of lines) {
        if (line.includes("[options]")) continue;
        for (const option of Object.keys(command.options)) assert.match(line, new RegExp(`--${option}\\b`), `${command.name}'s synopsis \`${line.trim()}\` lacks --${option}`);
      }
    }
  });

  test("--verbose and --quiet say what they do for each command; the secrets are told in full once", () => {
    const help = Object.fromEntries(COMMANDS.map((command) => [command.name, cli([command.name, "--help"]).stdout]));
    const entry = (name, option) => new RegExp(`^  ${option}[^\\n]*(?:\\n {23}[^\\n]*)*`, "m").exec(help[name])[0].replace(/\s+/g, " ");
    assert.match(entry("snapshot", "--verbose"), /the capture's progress as one line per phase/);
    assert.doesNotMatch(entry("snapshot", "--verbose"), /report|change/, "snapshot writes no report");
    assert.doesNotMatch(entry("diff", "--verbose"), /capture|progress/, "diff captures nothing");
    assert.match(entry("diff", "--verbose"), /list every change on its own line/);
    assert.match(entry("check", "--verbose"), /progress.*list every change/);
    assert.doesNotMatch(entry("diff", "--quiet"), /progress/);
    // The full paragraph (the names a secret-looking variable ends with) is snapshot's alone.
    const full = Object.keys(help).filter((name) => help[name].includes("PASSPHRASE"));
    assert.deepEqual(full, ["snapshot"]);
    assert.match(help.check, /\nSecrets: the --header and --secret-env values, [^]*; a snapshot that holds\none is refused \(exit 2\)\. [^]*: mcp-contract snapshot --help\.\n$/);
  });

  test("action.yml passes only options the CLI has", () => {
    const action = readFileSync(join(repoRoot, "action.yml"), "utf8");
    const known = new Map(COMMANDS.map((c) => [c.name, new Set(Object.keys(c.options))]));
    const arrays = new Map();
    let checked = 0;
    const expect = (command, flag) => {
      assert.ok(known.get(command)?.has(flag.slice(2)), `action.yml passes ${command} ${flag}`);
      checked++;
    };
    for (const line of action.split("\n")) {
      const direct = /"\$MCP_CONTRACT_BIN" (diff|snapshot|check|upgrade)\b(.*)/.exec(line);
      const array = /(\w+)=\((diff|snapshot|check|upgrade)\b(.*)/.exec(line);
      const added = /(\w+)\+=\((--[a-z-]+)/.exec(line);
      if (direct) for (const [flag] of direct[2].matchAll(/(?<=\s)--[a-z][a-z-]*/g)) expect(direct[1], flag);
      if (array) {
        arrays.set(array[1], array[2]);
        for (const [flag] of array[3].matchAll(/--[a-z][a-z-]*/g)) expect(array[2], flag);
      }
      if (added) expect(arrays.get(added[1]), added[2]);
    }
    assert.ok(checked >= 6, `checked ${checked} flags`);
  });
});
