// lib/args.js reads a command line as node:util's parseArgs does (strict, positionals allowed)
// for the option shapes the commands declare: checked here against parseArgs itself, with every
// command's real option table, on argument lists that pass and on ones that must fail.
import { test } from "node:test";
import assert from "node:assert/strict";
import { parseArgs } from "node:util";
import { parseOptions } from "../lib/args.js";
import { UsageError } from "../lib/errors.js";
import * as diff from "../lib/commands/diff.js";
import * as check from "../lib/commands/check.js";
import * as snapshot from "../lib/commands/snapshot.js";
import * as rules from "../lib/commands/rules.js";

const withHelp = (options) => ({ ...options, help: { type: "boolean", short: "h" } });
const tables = { diff: withHelp(diff.options), check: withHelp(check.options), snapshot: withHelp(snapshot.options), rules: withHelp(rules.options) };

const node = (args, options) => {
  const { values, positionals } = parseArgs({ args, options, allowPositionals: true, strict: true });
  return { values: { ...values }, positionals };
};
const ours = (args, options) => {
  const { values, positionals } = parseOptions(args, options);
  assert.equal(Object.getPrototypeOf(values), null, "values without a prototype, as parseArgs returns them");
  return { values: { ...values }, positionals };
};

const valid = [
  [],
  ["old.json", "new.json"],
  ["old.json", "-", "--format", "json"],
  ["--format=sarif", "a", "b", "--semver", "--fail-on", "POTENTIALLY_BREAKING"],
  ["-f", "github", "-c", "cfg.yaml", "a", "b"],
  ["-fjson", "a", "b"],
  ["-qh"],
  ["-qfmarkdown", "a"],
  ["--report", "sarif=out.sarif", "--report", "junit=out.xml", "a", "b"],
  ["--config=", "a", "b"],
  ["--config", "-", "a"],
  ["-o", "-", "a", "b"],
  ["a", "--", "--format", "-x", "b"],
  ["--old-version", "1.0.0", "--new-version=2.0.0", "--semver", "a", "b"],
  ["--semantic-cmd", "node notes.mjs", "--semantic", "--verbose", "a", "b"],
  ["-f=json", "a", "b"],
];

test("valid command lines read as parseArgs reads them", () => {
  for (const [command, options] of Object.entries(tables)) {
    for (const args of valid) {
      let expected;
      try {
        expected = node(args, options);
      } catch {
        // Not valid for this command (an option it does not have): both must refuse it.
        assert.throws(() => parseOptions(args, options), UsageError, `${command} ${args.join(" ")}`);
        continue;
      }
      assert.deepEqual(ours(args, options), expected, `${command} ${args.join(" ")}`);
    }
  }
});

test("snapshot and check read their server options as parseArgs does", () => {
  const args = ["--url", "https://x.example/mcp", "--header", "A: 1", "--header=B: 2", "--timeout", "30", "-o", "snap.json"];
  assert.deepEqual(ours(args, tables.snapshot), node(args, tables.snapshot));
});

const invalid = [
  [["--bogus"], "unknown option `--bogus`"],
  [["a", "b", "--bogus=1"], "unknown option `--bogus`"],
  [["-z"], "unknown option `-z`"],
  [["-qz"], "unknown option `-z`"],
  [["-5"], "unknown option `-5`"],
  [["a", "b", "--format"], "option `--format` needs a value"],
  [["a", "b", "-f"], "option `-f` needs a value"],
  [["--config", "--format", "json"], "option `--config` needs a value, not `--format`; to pass a value that starts with -, write --config=--format"],
  [["--semver=yes"], "option `--semver` takes no value"],
  [["--__proto__"], "unknown option `--__proto__`"],
];

test("what parseArgs refuses is refused, with a one-line reason naming the option", () => {
  for (const [args, message] of invalid) {
    assert.throws(() => node(args, tables.diff), `parseArgs refuses ${args.join(" ")}`);
    assert.throws(() => parseOptions(args, tables.diff), (error) => {
      assert.ok(error instanceof UsageError, String(error));
      assert.equal(error.message, `${message} (see --help)`);
      return true;
    });
  }
});
