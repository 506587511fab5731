// `mcp-contract init` (issue 36 item 4): a workflow running this release's Action in the chosen
// mode, the first baseline from the server, a commented config the engine accepts; nothing is
// overwritten without --force, and nothing is started when it would be.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { cli, cliAsync, httpServer, repoRoot, scratchDir, server } from "./helpers.mjs";

const version = JSON.parse(readFileSync(join(repoRoot, "js", "package.json"), "utf8")).version;

/** A fresh git repository (with a package.json when `node`). */
function repository(node = true) {
  const dir = join(scratchDir("init"), "repo");
  mkdirSync(dir, { recursive: true });
  spawnSync("git", ["init", "-q"], { cwd: dir });
  if (node) writeFileSync(join(dir, "package.json"), '{"name":"server"}');
  return dir;
}

/** YAML read back by PyYAML, as a second reader of what init wrote. */
function yaml(file) {
  const read = spawnSync("python3", ["-c", "import json, sys, yaml; print(json.dumps(yaml.safe_load(open(sys.argv[1]))))", file], { encoding: "utf8" });
  assert.equal(read.status, 0, read.stderr);
  return JSON.parse(read.stdout);
}

const actionInputs = Object.keys(yaml(join(repoRoot, "action.yml")).inputs);

test("live mode: the workflow runs this release's Action on the server, the baseline is its snapshot, the config loads", () => {
  const dir = repository();
  const { command, args } = server("surface-server.mjs", "v1");
  const result = cli(["init", "--", command, ...args], { cwd: dir });
  assert.equal(result.status, 0, result.stderr);
  assert.match(result.stdout, /^Wrote \.github\/workflows\/mcp-contract\.yml \(live mode\), snapshots\/server\.json \(2 tools, 1 resource, 1 resource template, 1 prompt\) and \.mcp-contract\.yaml\.\n/);
  assert.match(result.stdout, /git add \.github\/workflows\/mcp-contract\.yml snapshots\/server\.json \.mcp-contract\.yaml/);
  const workflow = yaml(join(dir, ".github", "workflows", "mcp-contract.yml"));
  const steps = workflow.jobs.contract.steps;
  const action = steps.at(-1);
  assert.equal(action.uses, `mcp-contract/mcp-contract@v${version}`);
  assert.deepEqual(Object.keys(action.with).sort(), ["baseline", "command", "comment"]);
  for (const input of Object.keys(action.with)) assert.ok(actionInputs.includes(input), `action.yml has the input ${input}`);
  assert.equal(action.with.baseline, "snapshots/server.json");
  assert.equal(action.with.command, [command, ...args].join(" "));
  assert.ok(steps.some((step) => step.run === "npm ci"), "a Node project is set up before the Action");
  assert.equal(workflow.permissions["pull-requests"], "write");
  // The baseline is what snapshot captures from the same server, and the config is one the engine takes.
  const captured = cli(["snapshot", "-q", "--", command, ...args], { cwd: dir });
  assert.equal(readFileSync(join(dir, "snapshots", "server.json"), "utf8"), captured.stdout);
  const checked = cli(["diff", "snapshots/server.json", "snapshots/server.json", "--config", ".mcp-contract.yaml"], { cwd: dir });
  assert.equal(checked.status, 0, checked.stderr);
});

test("snapshot mode compares the committed snapshot with the base branch's", () => {
  const dir = repository(false);
  const { command, args } = server("surface-server.mjs", "v1");
  const result = cli(["init", "--mode", "snapshot", "--baseline", "mcp/surface.json", "--", command, ...args], { cwd: dir });
  assert.equal(result.status, 0, result.stderr);
  const action = yaml(join(dir, ".github", "workflows", "mcp-contract.yml")).jobs.contract.steps.at(-1);
  assert.equal(action.with.old, "git:${{ github.event.pull_request.base.sha }}:mcp/surface.json");
  assert.equal(action.with.new, "mcp/surface.json");
  assert.ok(existsSync(join(dir, "mcp", "surface.json")));
});

test("existing files are kept unless --force, and the server is not started then", () => {
  const dir = repository();
  writeFileSync(join(dir, ".mcp-contract.yaml"), "fail_on: none\n");
  const started = join(dir, "started");
  const probe = ["--", process.execPath, "-e", `require("fs").writeFileSync(${JSON.stringify(started)}, "")`];
  const refused = cli(["init", ...probe], { cwd: dir });
  assert.equal(refused.status, 2);
  assert.match(refused.stderr, /`\.mcp-contract\.yaml` already exists in .*; pass --force to overwrite, or remove them/);
  assert.ok(!existsSync(started), "the server was not started");
  assert.equal(readFileSync(join(dir, ".mcp-contract.yaml"), "utf8"), "fail_on: none\n");
  const { command, args } = server("surface-server.mjs", "v1");
  const forced = cli(["init", "--force", "--", command, ...args], { cwd: dir });
  assert.equal(forced.status, 0, forced.stderr);
  assert.match(readFileSync(join(dir, ".mcp-contract.yaml"), "utf8"), /^fail_on: BREAKING$/m);
  assert.equal(cli(["init", "--mode", "sometimes", "--", "x"], { cwd: dir }).status, 2);
});

test("an HTTP server: the workflow passes the URL and the headers' variables from secrets", async () => {
  const dir = repository();
  const http = await httpServer("v1", { TEST_TOKEN: "init-test-token-123" });
  try {
    const result = await cliAsync(["init", "--url", http.url, "--header", "Authorization=MCP_AUTH"], { cwd: dir, env: { MCP_AUTH: "Bearer init-test-token-123" } });
    assert.equal(result.status, 0, result.stderr);
    const action = yaml(join(dir, ".github", "workflows", "mcp-contract.yml")).jobs.contract.steps.at(-1);
    assert.equal(action.with.url, http.url);
    assert.equal(action.with.header.trim(), "Authorization=MCP_AUTH");
    assert.equal(action.env.MCP_AUTH, "${{ secrets.MCP_AUTH }}");
    assert.doesNotMatch(readFileSync(join(dir, ".github", "workflows", "mcp-contract.yml"), "utf8"), /init-test-token-123/);
  } finally {
    await http.stop();
  }
});
