// Compiled with `tsc --noEmit` only: values typed with the official MCP SDK must be accepted by
// `diff` without casts, and the report must be typed precisely enough to use.
import type { InitializeResult, ListPromptsResult, ListToolsResult, Tool } from "@modelcontextprotocol/sdk/types.js";
import { diff, render, rules, semverCheck, serverVersion, version } from "mcp-contract";
import type { Bump, Change, Config, Format, Report, RuleId, SemverCheck, Severity, Verdict } from "mcp-contract";

declare const before: ListToolsResult;
declare const after: ListToolsResult;
declare const tools: Tool[];
declare const initialize: InitializeResult;
declare const prompts: ListPromptsResult;

const fromResults: Report = diff(before, after);
const fromArrays: Report = diff(tools, after.tools);
const fromFullSnapshot: Report = diff({ ...initialize, ...before, ...prompts }, { ...initialize, ...after });
const fromEnvelope: Report = diff({ jsonrpc: "2.0", id: 1, result: before }, "tools: []");

const config: Config = {
  severity_overrides: { "tool.description.changed": "BREAKING" },
  ignore: [{ rule: "tool.added", entity: "legacy_*", reason: "churn" }, { rule: "tool.*.changed" }],
  fail_on: "POTENTIALLY_BREAKING",
  warn_on: "none",
};
const withConfig: Report = diff(before, after, config);
const withConfigText: Report = diff(before, after, "fail_on: none\n");

const verdict: Verdict = withConfig.summary.verdict;
const breaking: number = withConfig.summary.counts.BREAKING;
const first: Change | undefined = fromResults.changes[0];
const rule: RuleId | undefined = first?.rule;
const severity: Severity | undefined = first?.severity;
const pointer: string | null | undefined = first?.oldPointer;
const reason: string | undefined = withConfigText.suppressed[0]?.reason;
const ruleIds: RuleId[] = rules().map((r) => r.id);
const engineVersion: string = version();

// @ts-expect-error: not a rule id
const wrongRule: RuleId = "tool.removd";
// @ts-expect-error: not a severity
const wrongConfig: Config = { fail_on: "breaking" };

export {
  fromResults, fromArrays, fromFullSnapshot, fromEnvelope, verdict, breaking, rule, severity, pointer, reason,
  ruleIds, engineVersion, wrongRule, wrongConfig,
};

// Rendering and the semver gate, typed as the CLI uses them.
const format: Format = "sarif";
const rendered: { output: string; verdict: Verdict } = render(before, after, null, { format, failOn: "none", notes: { id: "note" }, newPath: "snap.json" });
const gate: SemverCheck = semverCheck(fromResults, "1.0.0", serverVersion(after) ?? "1.0.0");
const needed: Bump = gate.required;
// @ts-expect-error: not a format
render(before, after, null, { format: "yaml" });
void [rendered, needed];

// Contract tests: the SDK's own Client is what snapshot and assertContract take.
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { assertContract, snapshot } from "mcp-contract";
import type { AssertContractResult } from "mcp-contract";
declare const client: Client;
const text: Promise<string> = snapshot(client, { timeoutMs: 5000 });
const checked: Promise<AssertContractResult> = assertContract(client, "snapshots/server.json", { failOn: "POTENTIALLY_BREAKING" });
const fromText: Promise<AssertContractResult> = assertContract("{}", "snapshots/server.json");
void text;
void checked;
void fromText;
