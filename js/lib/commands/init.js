//! `mcp-contract init`: set a repository up in one step: a workflow running this release's
//! GitHub Action (committed-snapshot or live-server mode), a first baseline captured from the
//! server, and a commented config. Nothing is overwritten without --force; the last lines say
//! what to commit.
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { UsageError } from "../errors.js";
import { engine } from "../engine.js";
import { gitRoot } from "../io.js";
import { VERBOSITY_OPTIONS, verbosityHelp } from "../verbosity.js";
import { SERVER_HELP, SERVER_OPTIONS, captureOptions, interruptible, redactSecrets } from "./server.js";

export const name = "init";
export const takesServer = true;
export const summary = "Set a repository up: a CI workflow with the GitHub Action, a first baseline and a config.";
export const usage = "init [--mode live|snapshot] [--baseline FILE] [--force] [options] -- COMMAND [ARGS…]\n" +
  "  mcp-contract init [--mode live|snapshot] [--baseline FILE] [--force] [options] --url URL [--header NAME=ENVVAR…]";
export const help = `
Captures the server into the baseline snapshot (default snapshots/server.json) and writes, at the
repository root, .github/workflows/mcp-contract.yml (the mcp-contract Action of this release) and a
commented .mcp-contract.yaml. Existing files are left alone unless --force; the last lines say
what to commit.

Modes of the workflow:
  live       (default) every pull request starts the server (the same command, or the URL) and
             compares it with the committed baseline; update the baseline with
             npx mcp-contract check --baseline FILE --update -- COMMAND
  snapshot   every pull request compares the committed snapshot with the one on its base branch;
             refresh the snapshot in the pull request with npx mcp-contract snapshot --out FILE -- COMMAND

Options:
  --mode MODE          live or snapshot (see above)
  --baseline FILE      where the snapshot goes (default snapshots/server.json)
  --force              overwrite files that exist
${SERVER_HELP}${verbosityHelp({ capture: true })}`;
export const options = {
  mode: { type: "string", default: "live" },
  baseline: { type: "string", default: "snapshots/server.json" },
  force: { type: "boolean" },
  ...SERVER_OPTIONS,
  ...VERBOSITY_OPTIONS,
};

const WORKFLOW = ".github/workflows/mcp-contract.yml";
const CONFIG = ".mcp-contract.yaml";

export async function run(values, positionals, ctx, server = []) {
  if (positionals.length > 0) throw new UsageError(`init takes no arguments before -- (got \`${positionals[0]}\`); the server command goes after --`);
  if (values.mode !== "live" && values.mode !== "snapshot") throw new UsageError(`--mode: \`${values.mode}\` is neither live nor snapshot`);
  const cwd = ctx.cwd ?? process.cwd();
  const root = gitRoot(cwd) ?? cwd;
  const baseline = path.relative(root, path.resolve(cwd, values.baseline)).split(path.sep).join("/");
  if (baseline.startsWith("..")) throw new UsageError(`--baseline: \`${values.baseline}\` is outside the repository (${root})`);
  const files = [WORKFLOW, baseline, CONFIG];
  // Before the server starts: nothing is captured that could not be written.
  const existing = files.filter((file) => existsSync(path.join(root, file)));
  if (existing.length > 0 && !values.force) {
    throw new UsageError(`init: ${existing.map((f) => `\`${f}\``).join(", ")} already exist${existing.length === 1 ? "s" : ""} in ${root}; pass --force to overwrite, or remove them`);
  }
  const capturing = await captureOptions(values, server, name, ctx);
  await redactSecrets(ctx, capturing);
  const [{ capture }, { formatSnapshot, sectionCounts }] = await Promise.all([import("../capture.js"), import("../canonical.js")]);
  const { snapshot } = await interruptible((signal) => capture({ ...capturing, signal }));
  const texts = {
    [WORKFLOW]: workflow(values, server, baseline, root),
    [baseline]: formatSnapshot(snapshot),
    [CONFIG]: CONFIG_TEXT,
  };
  for (const [file, text] of Object.entries(texts)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  ctx.stdout.write(
    `Wrote ${WORKFLOW} (${values.mode} mode), ${baseline} (${sectionCounts(snapshot)}) and ${CONFIG}.\n` +
      `Commit them:\n  git add ${files.map(shellWord).join(" ")} && git commit -m "Check the MCP contract in CI"\n`,
  );
  return 0;
}

/** The workflow text: the Action of this release, in the chosen mode. */
function workflow(values, server, baseline, root) {
  const release = `v${engine.version()}`;
  const node = existsSync(path.join(root, "package.json"));
  const python = existsSync(path.join(root, "pyproject.toml"));
  const setup = [
    ...(node ? ["      - uses: actions/setup-node@v4", "        with: { node-version: 20 }", "      - run: npm ci", "      - run: npm run build --if-present"] : []),
    ...(python ? ["      - uses: actions/setup-python@v5", "        with: { python-version: '3.12' }", "      - run: pip install ."] : []),
  ];
  const serverInputs =
    values.url !== undefined
      ? [`          url: ${yamlString(values.url)}`, ...(values.header?.length ? [`          header: |`, ...values.header.map((h) => `            ${h}`)] : [])]
      : [`          command: ${yamlString(server.map(shellWord).join(" "))}`];
  const headerEnv = values.url !== undefined && values.header?.length
    ? ["        env:", ...values.header.map((h) => h.split("=")[1]).map((variable) => `          ${variable}: \${{ secrets.${variable} }}`)]
    : [];
  const modeInputs =
    values.mode === "live"
      ? [`          baseline: ${yamlString(baseline)}`, ...serverInputs]
      : [`          old: git:\${{ github.event.pull_request.base.sha }}:${baseline}`, `          new: ${yamlString(baseline)}`];
  return `# The MCP server's contract, checked on every pull request by mcp-contract (written by
# \`mcp-contract init\`; edit freely). A change that can break a caller fails the check and is
# annotated; the report is also posted as one pull-request comment.
name: MCP contract
on:
  pull_request:
permissions:
  contents: read
  pull-requests: write   # for the report comment
jobs:
  contract:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
        with: { fetch-depth: 0 }   # git:REF:PATH reads the base commit
${setup.length ? `${setup.join("\n")}\n` : "      # build the server here if it needs building\n"}      - uses: mcp-contract/mcp-contract@${release}
${headerEnv.length ? `${headerEnv.join("\n")}\n` : ""}        with:
${modeInputs.join("\n")}
          comment: true
          # approve-label: breaking-approved   # a label that accepts an intended break
`;
}

const CONFIG_TEXT = `# mcp-contract config (written by \`mcp-contract init\`): how changes are judged in this repository.
# Every rule and its default severity: npx mcp-contract rules; one rule: npx mcp-contract explain RULE

# Lowest severity that fails the check (BREAKING, POTENTIALLY_BREAKING, NON_BREAKING, DOCUMENTATION, none).
fail_on: BREAKING
# Lowest severity that warns.
warn_on: POTENTIALLY_BREAKING

# Change a rule's severity for this repository:
# severity_overrides:
#   tool.description.changed: BREAKING

# Silence a rule, for some entities, with the reason kept in every report:
# ignore:
#   - rule: tool.description.changed
#     entity: legacy_*
#     reason: "The legacy tools are being rewritten; their wording churns."
`;

/** A word as a POSIX shell reads it back (for the workflow's sh -c command and the git line). */
function shellWord(word) {
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, "'\\''")}'`;
}

/** A YAML scalar that is read back as exactly this string. */
function yamlString(text) {
  return JSON.stringify(text);
}
