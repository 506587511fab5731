// The CLI as users and CI scripts see it: exit codes, formats, config discovery, stdin, errors.
import assert from "node:assert/strict";
import { copyFileSync, existsSync, linkSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, test } from "node:test";
import { rules as libraryRules, version } from "../index.js";
import { cli, fixturesDir, repoRoot, scratchDir } from "./helpers.mjs";

const fixture = (rule, side) => join(fixturesDir, rule, `${side}.json`);
const removedOld = fixture("tool.removed", "old");
const removedNew = fixture("tool.removed", "new");
const addedOld = fixture("tool.added", "old");
const addedNew = fixture("tool.added", "new");
const describedOld = fixture("tool.description.changed", "old");
const describedNew = fixture("tool.description.changed", "new");

const scratch = scratchDir("cli");

function scratchFile(name, text) {
  const path = join(scratch, name);
  writeFileSync(path, text);
  return path;
}

/** One line, no stack trace, names the thing. */
function assertOneLineError(result, ...needles) {
  assert.equal(result.status, 2, `exit code (stderr: ${result.stderr})`);
  assert.equal(result.stdout, "");
  assert.match(result.stderr, /^mcp-contract: [^\n]+\n$/, `not one line: ${JSON.stringify(result.stderr)}`);
  assert.doesNotMatch(result.stderr, /\n\s+at /);
  for (const needle of needles) assert.ok(result.stderr.includes(needle), `${JSON.stringify(result.stderr)} lacks ${needle}`);
}

describe("exit codes", () => {
  test("0 when nothing reaches the thresholds", () => {
    const result = cli(["diff", addedOld, addedNew]);
    assert.equal(result.status, 0);
    assert.match(result.stdout, /^PASS: /m);
  });
  test("0 on warn", () => {
    const result = cli(["diff", describedOld, describedNew]);
    assert.equal(result.status, 0);
    assert.match(result.stdout, /^WARN: /m);
  });
  test("1 when a BREAKING change is found", () => {
    const result = cli(["diff", removedOld, removedNew]);
    assert.equal(result.status, 1);
    assert.equal(result.stderr, "");
  });
  test("--fail-on none never fails, --fail-on lowers the threshold", () => {
    assert.equal(cli(["diff", removedOld, removedNew, "--fail-on", "none"]).status, 0);
    assert.equal(cli(["diff", addedOld, addedNew, "--fail-on", "NON_BREAKING"]).status, 1);
  });
  test("--warn-on changes the verdict", () => {
    const result = cli(["diff", addedOld, addedNew, "--warn-on", "NON_BREAKING", "--format", "json"]);
    assert.equal(JSON.parse(result.stdout).summary.verdict, "warn");
  });
  test("a --warn-on above --fail-on is accepted and fail wins, as docs/cli.md says", () => {
    const flags = ["--warn-on", "BREAKING", "--fail-on", "NON_BREAKING", "--format", "json"];
    for (const [old, next] of [[addedOld, addedNew], [removedOld, removedNew]]) {
      const result = cli(["diff", old, next, ...flags]);
      assert.equal(result.status, 1);
      assert.equal(JSON.parse(result.stdout).summary.verdict, "fail");
    }
  });
  test("2 on usage errors, with one line", () => {
    assertOneLineError(cli(["diff", removedOld]), "exactly two");
    assertOneLineError(cli(["diff", removedOld, removedNew, "--format", "yaml"]), "--format", "text, json, markdown, sarif, github, junit");
    assertOneLineError(cli(["diff", removedOld, removedNew, "--fail-on", "breaking"]), "unknown --fail-on `breaking`; did you mean `BREAKING`?");
    assertOneLineError(cli(["diff", removedOld, removedNew, "--warn-on", "sometimes"]), "unknown --warn-on `sometimes`; use one of: BREAKING,");
    assertOneLineError(cli(["diff", removedOld, removedNew, "--bogus"]), "--bogus");
    assertOneLineError(cli(["frobnicate"]), "unknown command `frobnicate`; commands: diff, snapshot, check, upgrade, init, rules, explain (see --help)");
    // A near miss (2 edits, or the start of one command) gets the command meant.
    for (const [typed, meant] of [["dif", "diff"], ["chekc", "check"], ["snap", "snapshot"], ["explian", "explain"], ["rule", "rules"]]) {
      assertOneLineError(cli([typed, "a", "b"]), `unknown command \`${typed}\`; did you mean \`${meant}\`? commands: diff, snapshot, check, upgrade, init, rules, explain (see --help)`);
    }
    // Before the command, an option is reported as an option, with what may come first.
    for (const option of ["--bogus", "-x", "--verbose"]) {
      assertOneLineError(cli([option, "diff"]), `unknown option \`${option}\``, "diff, snapshot, check, upgrade, init, rules, explain", "--help");
    }
    assertOneLineError(cli(["diff", "-", "-"], { input: "{}" }), "standard input");
  });
  test("2 on a missing file, naming it", () => {
    assertOneLineError(cli(["diff", join(scratch, "nope.json"), join(scratch, "nope2.json")]), "OLD: file", "nope.json", "not found");
  });
});

describe("formats", () => {
  test("text starts and ends with the verdict and groups by severity", () => {
    const { stdout } = cli(["diff", removedOld, removedNew]);
    const lines = stdout.trimEnd().split("\n");
    assert.match(lines[0], /^FAIL: 1 breaking/);
    assert.equal(lines[2], "BREAKING (1)");
    assert.match(lines[3], /^ {2}- tool `delete_issue` was removed {2}\[tool\.removed at tools\[delete_issue\]\]$/);
    assert.match(lines.at(-1), /^FAIL: 1 breaking/);
  });
  test("a run of alike changes is one line; --verbose lists each", () => {
    const tools = (n) => JSON.stringify({ tools: Array.from({ length: n }, (_, i) => ({ name: `t${i}`, inputSchema: {} })) });
    const old = scratchFile("many-old.json", tools(6));
    const next = scratchFile("many-new.json", tools(0));
    for (const format of ["text", "markdown"]) {
      const grouped = cli(["diff", old, next, "--format", format]);
      assert.equal(grouped.status, 1);
      assert.ok(grouped.stdout.includes("6 tools removed: t0, t1, t2, … and 3 more"), grouped.stdout);
      const verbose = cli(["diff", old, next, "--format", format, "--verbose"]);
      assert.equal(verbose.status, 1);
      assert.ok(!verbose.stdout.includes("6 tools removed"), verbose.stdout);
      for (let i = 0; i < 6; i++) assert.ok(verbose.stdout.includes(`t${i}`), `t${i}`);
    }
  });
  test("github: the verdict first, at most 10 of each level, the rest counted; the job summary has every change", () => {
    const tools = (n) => JSON.stringify({ tools: Array.from({ length: n }, (_, i) => ({ name: `t${i}`, inputSchema: {} })) });
    const old = scratchFile("github-old.json", tools(40));
    const next = scratchFile("github-new.json", tools(0));
    const summary = join(scratch, "summary.md");
    const { status, stdout } = cli(["diff", old, next, "--format", "github"], { env: { GITHUB_STEP_SUMMARY: summary } });
    assert.equal(status, 1);
    const lines = stdout.trimEnd().split("\n");
    assert.match(lines[0], /^::error title=mcp-contract verdict::FAIL: 40 breaking/);
    assert.equal(lines.filter((l) => l.startsWith("::error")).length, 10);
    assert.match(lines.at(-1), /^::notice title=mcp-contract more changes::31 more changes not annotated here \(31 errors\)/);
    assert.match(lines.at(-1), /The job summary lists every change/);
    const written = readFileSync(summary, "utf8");
    for (let i = 0; i < 40; i++) assert.ok(written.includes(`#### \`tool.removed\` · tool t${i}\n`), `t${i} in the job summary`);
    // Outside Actions no job summary is written: the notice points to the Markdown report instead.
    const outside = cli(["diff", old, next, "--format", "github"], { env: { GITHUB_STEP_SUMMARY: undefined } }).stdout.trimEnd().split("\n").at(-1);
    assert.match(outside, /31 more changes not annotated here .*The Markdown report lists every change: run with --format markdown, or add --report markdown=FILE\.$/);
    assert.doesNotMatch(outside, /job summary/);
  });
  test("json is the report object", () => {
    const report = JSON.parse(cli(["diff", removedOld, removedNew, "--format", "json"]).stdout);
    assert.equal(report.schemaVersion, 1);
    assert.equal(report.summary.verdict, "fail");
    assert.deepEqual(
      report.changes.map((c) => [c.rule, c.severity, c.entity.name]),
      [["tool.removed", "BREAKING", "delete_issue"]],
    );
  });
  test("colour follows FORCE_COLOR and NO_COLOR, never in json", () => {
    assert.match(cli(["diff", removedOld, removedNew], { env: { FORCE_COLOR: "1", NO_COLOR: undefined } }).stdout, /\x1b\[/);
    assert.doesNotMatch(cli(["diff", removedOld, removedNew], { env: { NO_COLOR: "1" } }).stdout, /\x1b\[/);
    assert.doesNotMatch(
      cli(["diff", removedOld, removedNew, "--format", "json"], { env: { FORCE_COLOR: "1" } }).stdout,
      /\x1b\[/,
    );
  });
});

describe("hostile text", () => {
  const hostile = (side) => join(repoRoot, "tests", "fixtures", "hostile", side);
  const args = ["diff", hostile("old.json"), hostile("new.json"), "--config", hostile("config.yaml")];
  // Raw invisible, direction-changing or control characters (line breaks apart).
  const rawHidden = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u00ad\u061c\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff]|\udb40[\udc00-\udc7f]/u;
  for (const format of ["text", "json", "markdown", "sarif", "github", "junit"]) {
    test(`${format}: inert on stdout and in --output, with the text report beside it`, () => {
      const out = join(scratch, `hostile.${format}`);
      for (const result of [cli([...args, "--format", format]), cli([...args, "--format", format, "--output", out])]) {
        assert.equal(result.status, 1, result.stderr);
        assert.doesNotMatch(result.stdout, rawHidden);
        if (format !== "github" || result.stdout.startsWith("FAIL")) {
          for (const line of result.stdout.split("\n")) assert.doesNotMatch(line, /^\s*::/, `${format}: ${line}`);
        }
        assert.ok(result.stdout.includes("\u27e8U+200B\u27e9") || format === "json" || format === "sarif", format);
      }
      const written = readFileSync(out, "utf8");
      assert.doesNotMatch(written, rawHidden);
      if (format !== "github") for (const line of written.split("\n")) assert.doesNotMatch(line, /^\s*::/, line);
    });
  }
  test("an input error quoting a hostile name stays one inert line", () => {
    const name = "a\n::error::forged\u001b[31m\u202e";
    const tool = { name, inputSchema: {} };
    const dup = scratchFile("hostile-dup.json", JSON.stringify({ tools: [tool, tool] }));
    const result = cli(["diff", dup, dup]);
    assertOneLineError(result, "duplicate tool name `a\u27e8U+000A\u27e9::error::forged\u27e8U+001B\u27e9[31m\u27e8U+202E\u27e9`");
    assert.doesNotMatch(result.stderr, rawHidden);
  });
  test("a path with line breaks stays on the error's one line, so it cannot start a workflow command", () => {
    const path = "snap\n::error file=x,line=1::INJECTED\r\n%0A";
    const result = cli(["diff", path, removedNew]);
    assertOneLineError(result, "OLD: file `snap\u27e8U+000A\u27e9::error file=x,line=1::INJECTED\u27e8U+000D\u27e9\u27e8U+000A\u27e9%0A` not found");
    assert.doesNotMatch(result.stderr, rawHidden);
  });
  test("colour on a terminal paints only the renderer's own escapes", () => {
    const { stdout } = cli(args, { env: { FORCE_COLOR: "1", NO_COLOR: undefined } });
    assert.match(stdout, /\x1b\[/);
    assert.doesNotMatch(stdout.replace(/\x1b\[(?:0|1;3[1236]|2)m/g, ""), rawHidden);
    assert.ok(stdout.includes("evil\u27e8U+000A\u27e9::error"), stdout);
  });
});

describe("config", () => {
  const ignoreRemoved = "ignore:\n  - rule: tool.removed\n    reason: planned removal\n";

  test("--config applies ignores with reasons", () => {
    const config = scratchFile("explicit.yaml", ignoreRemoved);
    const result = cli(["diff", removedOld, removedNew, "--config", config]);
    assert.equal(result.status, 0);
    assert.match(result.stdout, /1 × planned removal/);
    assert.match(result.stdout, /all 1 change was suppressed/);
  });
  test("is discovered in the current directory", () => {
    const dir = join(scratch, "cwd-config");
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, ".mcp-contract.yaml"), ignoreRemoved);
    assert.equal(cli(["diff", removedOld, removedNew], { cwd: dir }).status, 0);
  });
  test("is discovered at the git repository root (.yml too)", () => {
    const root = join(scratch, "repo");
    const nested = join(root, "packages", "server");
    mkdirSync(join(root, ".git"), { recursive: true });
    mkdirSync(nested, { recursive: true });
    writeFileSync(join(root, ".mcp-contract.yml"), "fail_on: none\n");
    assert.equal(cli(["diff", removedOld, removedNew], { cwd: nested }).status, 0);
    // without the file, the default threshold fails again
    rmSync(join(root, ".mcp-contract.yml"));
    assert.equal(cli(["diff", removedOld, removedNew], { cwd: nested }).status, 1);
  });
  test("an unknown rule id gets a did-you-mean, naming the config file", () => {
    const config = scratchFile("typo.yaml", "ignore:\n  - rule: tool.removd\n");
    assertOneLineError(cli(["diff", removedOld, removedNew, "--config", config]), "typo.yaml", "tool.removed");
  });
  test("an unknown key is an error", () => {
    const config = scratchFile("unknown-key.yaml", "fail_onn: BREAKING\n");
    assertOneLineError(cli(["diff", removedOld, removedNew, "--config", config]), "unknown-key.yaml", "fail_onn");
  });
});

describe("inputs", () => {
  test("bad JSON gives file:line:column and exit 2", () => {
    const bad = scratchFile("bad.json", '{\n  "tools": [\n    {"name": "a",}\n  ]\n}\n');
    assertOneLineError(cli(["diff", bad, removedNew]), "bad.json:3:");
  });
  test("a file that is not UTF-8 is refused at the bad byte, never decoded into replacement characters", () => {
    const latin1 = scratchFile("latin1.json", Buffer.concat([Buffer.from('{"tools": [\n  {"name": "caf'), Buffer.from([0xe9]), Buffer.from('"}]}\n')]));
    assertOneLineError(cli(["diff", latin1, removedNew]), "latin1.json:2:16:", "not valid UTF-8", "Save the file as UTF-8");
  });
  test("a schema error names the file and the JSON pointer", () => {
    const bad = scratchFile("nameless.json", JSON.stringify({ tools: [{ name: "a" }, { description: "x" }] }));
    assertOneLineError(cli(["diff", removedOld, bad]), "nameless.json at /tools/1");
  });
  test("either side may come from stdin", () => {
    const fromStdin = cli(["diff", "-", removedNew], { input: readFileSync(removedOld) });
    assert.equal(fromStdin.status, 1);
    assert.equal(fromStdin.stdout, cli(["diff", removedOld, removedNew]).stdout);
    const badStdin = cli(["diff", removedOld, "-"], { input: "{" });
    assertOneLineError(badStdin, "<stdin>:");
  });
  test("YAML snapshots and bare tool arrays are accepted", () => {
    const yaml = scratchFile("tools.yaml", "- name: delete_issue\n  inputSchema: {type: object}\n");
    const json = scratchFile("empty.json", "[]");
    const result = cli(["diff", yaml, json, "--format", "json"]);
    assert.deepEqual(JSON.parse(result.stdout).changes.map((c) => c.rule), ["tool.removed"]);
  });
});

describe("outputs", () => {
  test("a report is never written over an input, and two reports never share a file", () => {
    const dir = join(scratch, "outputs");
    mkdirSync(dir);
    const old = join(dir, "old.json");
    const next = join(dir, "new.json");
    copyFileSync(removedOld, old);
    copyFileSync(removedNew, next);
    symlinkSync(next, join(dir, "link.json"));
    linkSync(next, join(dir, "hard.json"));
    writeFileSync(join(dir, "c.yaml"), "fail_on: none\n");
    const bytes = () => ["old.json", "new.json", "c.yaml"].map((name) => readFileSync(join(dir, name), "utf8"));
    const before = bytes();
    const input = (file, what, option = "--output") =>
      `${option}: \`${file}\` is ${what}, an input; writing the report there would replace it, so give ${option} another file`;
    const cases = [
      [["diff", "old.json", "new.json", "--output", "new.json"], input("new.json", "NEW")],
      [["diff", "old.json", "new.json", "--output", "./old.json"], input("./old.json", "OLD")],
      [["diff", "old.json", "new.json", "--output", "link.json"], input("link.json", "NEW")],
      [["diff", "old.json", "new.json", "--output", "hard.json"], input("hard.json", "NEW")],
      [["diff", "old.json", "new.json", "--report", "json=../outputs/new.json"], input("../outputs/new.json", "NEW", "--report")],
      [["diff", "old.json", "new.json", "--config", "c.yaml", "--report", "sarif=c.yaml"], input("c.yaml", "the config", "--report")],
      [["diff", "old.json", "new.json", "--output", "x.json", "--report", "json=x.json"], "--report: `x.json` is also written by --output; give each report its own file"],
      [["diff", "old.json", "new.json", "--report", "json=y.json", "--report", "sarif=./y.json"], "--report: `./y.json` is also written by --report; give each report its own file"],
      [["check", "--baseline", "new.json", "--output", "new.json", "--", "false"], input("new.json", "the baseline")],
      [["check", "--baseline", "new.json", "--update", "--report", "junit=link.json", "--", "false"], input("link.json", "the baseline", "--report")],
    ];
    for (const [args, message] of cases) {
      const result = cli(args, { cwd: dir });
      assert.equal(result.stderr, `mcp-contract: ${message}\n`, args.join(" "));
      assert.equal(result.status, 2);
    }
    assert.deepEqual(bytes(), before, "no input was written");
    assert.ok(!existsSync(join(dir, "x.json")) && !existsSync(join(dir, "y.json")), "nothing was written");
    // Not files: standard input and git:REF:PATH; and two inputs may be one file.
    const fromStdin = cli(["diff", "-", "new.json", "--output", "out.json"], { cwd: dir, input: readFileSync(old) });
    assert.equal(fromStdin.status, 1, fromStdin.stderr);
    assert.equal(cli(["diff", "new.json", "link.json", "--output", "same.json"], { cwd: dir }).status, 0);
  });
});

describe("rules and explain", () => {
  test("rules lists every rule of the registry", () => {
    const { status, stdout } = cli(["rules"]);
    assert.equal(status, 0);
    for (const rule of libraryRules()) assert.match(stdout, new RegExp(`^${rule.id.replaceAll(".", "\\.")} +${rule.severity} `, "m"));
  });
  test("rules --format json is the registry", () => {
    assert.deepEqual(JSON.parse(cli(["rules", "--format", "json"]).stdout), libraryRules());
  });
  test("explain shows summary, severity, why, advice and the example", () => {
    const rule = libraryRules().find((r) => r.id === "tool.input.required.added");
    const { status, stdout } = cli(["explain", rule.id]);
    assert.equal(status, 0);
    for (const part of [rule.summary, rule.severity, rule.why, rule.advice, "Example, old:", "Example, new:"]) {
      assert.ok(stdout.includes(part), `explain lacks ${part}`);
    }
  });
  test("explain names the decider in the words docs/rules.md uses", () => {
    const docs = readFileSync(join(repoRoot, "docs/rules.md"), "utf8");
    for (const id of ["tool.input.required.added", "tool.description.changed", "server.capabilities.removed"]) {
      const line = docs.split(`\n## ${id}\n`)[1].match(/\(decided by: [^)]+\)/)[0];
      assert.ok(cli(["explain", id]).stdout.includes(line), `${id}: ${line}`);
    }
    assert.match(cli(["explain", "tool.description.changed"]).stdout, /\(decided by: prose classifier\)/);
  });
  test("explain of an unknown rule suggests the closest", () => {
    assertOneLineError(cli(["explain", "tool.input.requird.added"]), "did you mean `tool.input.required.added`");
  });
  test("explain of a word from rule ids lists the rules that hold it", () => {
    const ids = libraryRules().map((r) => r.id);
    const removed = ids.filter((id) => id.split(".").includes("removed"));
    assert.ok(removed.length > 6, "enough rules hold `removed` for the list to be cut");
    const cut = cli(["explain", "removed"]);
    // The most general first: `tool.removed` before `tool.input.property.removed`.
    assertOneLineError(cut, `${removed.length} rules have it in their id: \`prompt.removed\``, "`tool.removed`", `and ${removed.length - 5} more`);
    const pair = ids.filter((id) => id.includes(".output.type."));
    assert.ok(pair.length > 1 && pair.length <= 6, `${pair}`);
    const listed = cli(["explain", "output.type"]);
    assertOneLineError(listed, ...pair.map((id) => `\`${id}\``));
    assert.ok(!listed.stderr.includes("more"), listed.stderr);
  });
});

describe("help and version", () => {
  test("--version prints the engine version", () => {
    assert.equal(cli(["--version"]).stdout, `mcp-contract ${version()}\n`);
    const manifest = JSON.parse(readFileSync(join(repoRoot, "js", "package.json"), "utf8"));
    assert.equal(version(), manifest.version, "package.json and Cargo.toml versions differ");
  });
  test("--help lists the commands; no arguments is a usage error", () => {
    const help = cli(["--help"]);
    assert.equal(help.status, 0);
    for (const command of ["diff", "rules", "explain"]) assert.match(help.stdout, new RegExp(`mcp-contract ${command}`));
    assert.equal(cli([]).status, 2);
    assert.match(cli(["diff", "--help"]).stdout, /--fail-on/);
  });
});

describe("witnesses", () => {
  const narrowedOld = fixture("tool.input.enum.narrowed", "old");
  const narrowedNew = fixture("tool.input.enum.narrowed", "new");
  test("the text report shows the call that now breaks under its change; --quiet hides it, JSON keeps it", () => {
    const shown = cli(["diff", narrowedOld, narrowedNew]);
    assert.equal(shown.status, 1);
    assert.match(shown.stdout, /\n {6}e\.g\. this call was valid and is now rejected: \{"p":"b"\} — `enum` at \/properties\/p\/enum\n/);
    const quiet = cli(["diff", "--quiet", narrowedOld, narrowedNew]);
    assert.equal(quiet.status, 1);
    assert.doesNotMatch(quiet.stdout, /e\.g\. this call/);
    const json = JSON.parse(cli(["diff", "--quiet", "--format", "json", narrowedOld, narrowedNew]).stdout);
    assert.deepEqual(json.changes[0].witness.value, { p: "b" });
    assert.equal(json.changes[0].witness.validUnder, "old");
  });
});
