// Type declarations for the mcp-contract API. `RuleId`, `Severity` and `Format` are generated
// from the engine's rule registry and vocabulary (rule-ids.d.ts, refreshed by
// `UPDATE_GENERATED=1 cargo test --test generated`).
import type { Format, RuleId, Severity } from "./rule-ids.js";

export type { Format, RuleId, Severity };

/** A CI threshold: the lowest severity that triggers it, or `"none"` (never). */
export type Threshold = Severity | "none";

/** `fail`: the fail threshold was reached; `warn`: the warn threshold was; `pass`: neither. */
export type Verdict = "fail" | "warn" | "pass";

export type EntityKind = "tool" | "resource" | "resourceTemplate" | "prompt" | "server";

/** Any JSON-like object. The SDK's result types (zod-inferred, passthrough) fit it as they are. */
export interface JsonObject {
  [key: string]: unknown;
}

/** A tool definition as `tools/list` returns it; the SDK's `Tool` is assignable. */
export interface ToolDefinition extends JsonObject {
  name: string;
}

/**
 * One server's public surface: the union of the initialize (or `server/discover`) result and
 * the list results. The SDK's `ListToolsResult`, `InitializeResult`, `ListPromptsResult`, … and
 * spreads of them (`{ ...initializeResult, ...listToolsResult }`) are assignable.
 */
export interface SnapshotObject extends JsonObject {
  protocolVersion?: string;
  serverInfo?: JsonObject;
  capabilities?: JsonObject;
  instructions?: string;
  tools?: readonly ToolDefinition[];
  resources?: readonly JsonObject[];
  resourceTemplates?: readonly JsonObject[];
  prompts?: readonly JsonObject[];
}

/** A JSON-RPC response envelope around a snapshot. */
export interface JsonRpcEnvelope extends JsonObject {
  jsonrpc: "2.0";
  result: SnapshotObject;
}

/**
 * What `diff` accepts for each side: a snapshot object, a bare tool array, an envelope, or
 * JSON/YAML text, as a string or as its UTF-8 bytes (a `Buffer` from `readFileSync(path)`).
 */
export type SnapshotInput = SnapshotObject | readonly ToolDefinition[] | JsonRpcEnvelope | string | Uint8Array;

export interface IgnoreEntry {
  /** A rule id or a glob over rule ids (`tool.*.description.changed`). */
  rule: RuleId | (string & {});
  /** A glob over the entity's name (tool name, prompt name, uri, …). */
  entity?: string;
  /** Why this is ignored; shown in every report that suppresses a change. */
  reason?: string;
}

/** The project config (`.mcp-contract.yaml`), as an object; YAML/JSON text is accepted as well. */
export interface Config {
  severity_overrides?: Partial<Record<RuleId, Severity>> & { [ruleGlob: string]: Severity | undefined };
  ignore?: readonly IgnoreEntry[];
  /** Lowest severity that fails CI (default `BREAKING`). */
  fail_on?: Threshold;
  /** Lowest severity that warns (default `POTENTIALLY_BREAKING`). */
  warn_on?: Threshold;
}

export interface EntityRef {
  kind: EntityKind;
  name: string;
}

/** One classified change. */
export interface Change {
  /** Stable fingerprint of rule + location. */
  id: string;
  rule: RuleId;
  /** After `severity_overrides`. */
  severity: Severity;
  defaultSeverity: Severity;
  entity: EntityRef;
  /** e.g. `tools[search_issues].inputSchema.properties.query`. */
  location: string;
  /** RFC 6901 pointer into the old input, or null when the thing is new. */
  oldPointer: string | null;
  /** RFC 6901 pointer into the new input, or null when the thing is gone. */
  newPointer: string | null;
  /** The values compared; omitted when huge. */
  old?: unknown;
  new?: unknown;
  message: string;
  details?: unknown;
  /** Advisory text from the semantic pass. */
  note?: string;
  /** On a BREAKING schema change: the value that shows the break, checked by the engine under both schemas, or why none can be built. */
  witness?: Witness;
}

/**
 * A value that proves a BREAKING schema change: a complete tool-call `arguments` object the old
 * inputSchema accepts and the new one rejects (`side: "input"`, `validUnder: "old"`), or a
 * structured result the new outputSchema allows and the old one rejects (`side: "output"`,
 * `validUnder: "new"`). At most 4,096 bytes of compact JSON.
 */
export type Witness =
  | {
      side: "input" | "output";
      value: unknown;
      validUnder: "old" | "new";
      /** RFC 6901 pointer into the other snapshot: the schema keyword that rejects the value. */
      rejectedAt: string | null;
      keyword: string;
    }
  | {
      /** Why no value can be built (an unmodelled keyword, a pattern the engine cannot decide, a `$ref` it did not expand). */
      unavailable: string;
    };

/** A change matched by an `ignore` entry: kept, with the entry's reason. */
export interface SuppressedChange extends Change {
  reason: string;
}

export interface Summary {
  verdict: Verdict;
  counts: Record<Severity, number>;
  /** Changes matched by an ignore entry. */
  suppressed: number;
  /** The sections compared (`tools`, `prompts`, …). */
  compared: string[];
  /**
   * Sections one snapshot carries and the other lacks: not compared, and named at the end of
   * `text`. Absent when there are none.
   */
  notCompared?: { section: string; absentFrom: "old" | "new" }[];
  /** One-line human summary; says so when every change was suppressed, when a section only one side carries was not compared, and when the report was truncated. */
  text: string;
  /**
   * Present when the report lists fewer changes than it counts: the first changes in report
   * order (most severe first) are listed, at most `perEntity` for one entity and `limit` in all.
   * `counts` and `verdict` still cover every change.
   */
  truncated?: { limit: number; perEntity: number; omitted: number; omittedSuppressed: number };
}

/** The report (`--format json` prints the same). `changes` are in a total order: same inputs, same bytes. */
export interface Report {
  schemaVersion: 1;
  summary: Summary;
  changes: Change[];
  suppressed: SuppressedChange[];
  /** The semver gate's outcome, present when the report was made with `oldVersion`/`newVersion`. */
  semver?: SemverResult;
}

/** A rule as the registry describes it. */
export interface RuleInfo {
  id: RuleId;
  severity: Severity;
  /** How the severity is decided: `fixed` (the rule's severity applies to every change),
   * `prose` (the prose classifier decides per change; `severity` is its most common outcome),
   * `capabilityFlags` (each capability flag has its own judgement) or `versionOrder` (a newer
   * protocol version is NON_BREAKING, an older one POTENTIALLY_BREAKING). */
  decidedBy: "fixed" | "prose" | "capabilityFlags" | "versionOrder";
  summary: string;
  why: string;
  advice: string;
  message: string;
  /** The rule's example pair as JSON values; a side that no value can hold (a text that
   * repeats a key, for the `*.json.repeatedKey` rules) is its text, as a string. */
  example: { old: unknown; new: unknown };
}

/** Thrown for invalid snapshots, config or options. */
export interface McpContractError extends Error {
  name: "McpContractError";
  input: "old" | "new" | "config" | "options";
  pointer?: string;
  /** 1-based, in text the caller passed; never set for an object passed in. */
  line?: number;
  column?: number;
  detail: string;
  hint: string;
}

/** Diffs two snapshots; throws `McpContractError` on invalid input. */
export function diff(oldSnapshot: SnapshotInput, newSnapshot: SnapshotInput, config?: Config | string | Uint8Array | null): Report;

/** Every rule the engine can report, sorted by id. */
export function rules(): RuleInfo[];

/** The engine's version. */
export function version(): string;

export interface RenderOptions {
  /** Default `text`. */
  format?: Format;
  /** ANSI colour (text only). */
  color?: boolean;
  /** Override the config's `fail_on` / `warn_on` (CI formats mark changes by these). */
  failOn?: Threshold;
  warnOn?: Threshold;
  /** Advisory notes by change id (as the semantic pass gives them); they never change anything else. */
  notes?: Record<string, string>;
  /** The NEW snapshot's repository-relative path: SARIF results and GitHub annotations point at its lines. */
  newPath?: string;
  /** The OLD snapshot's path, used when `newPath` is not given: results point at the OLD file's
   * lines (a committed baseline checked against a live capture). */
  oldPath?: string;
  /** Text and Markdown list every change on its own line; by default, within a severity, all
   * changes of a rule that has 4 or more there are one line ("100 resources removed: …"), where
   * its first change would be. */
  expand?: boolean;
  /** Both versions run the semver gate (`--semver`): the gate then decides the verdict (`fail`
   * only for a too-small bump) and the report carries `semver`. */
  oldVersion?: string;
  newVersion?: string;
}

/** Diffs and renders in one call; `verdict` is what the CLI's exit code follows. */
export function render(
  oldSnapshot: SnapshotInput,
  newSnapshot: SnapshotInput,
  config?: Config | string | Uint8Array | null,
  options?: RenderOptions,
): { output: string; verdict: Verdict };

export type Bump = "none" | "patch" | "minor" | "major";

/** The semver gate's outcome, as a report carries it: `ok` is false when the bump is smaller than the changes need. */
export interface SemverResult {
  ok: boolean;
  old: string;
  new: string;
  required: Bump;
  actual: Bump;
  /** The change that decides `required` (the report's most severe change), or null when there is none. */
  cause: { id: string; rule: RuleId; severity: Severity; message: string } | null;
  /** One sentence; on failure it names the required bump and the change that requires it. */
  message: string;
}

/** What `semverCheck` returns: the gate's outcome and the rule of its cause. */
export interface SemverCheck extends SemverResult {
  /** The rule of the change that decides `required`, or null when there is none. */
  rule: string | null;
}

/** Checks a version bump against a report (object or JSON text); throws `McpContractError` for a bad version. */
export function semverCheck(report: Report | string, oldVersion: string, newVersion: string): SemverCheck;

/** `serverInfo.version` of a snapshot (object or JSON/YAML text), or undefined. */
export function serverVersion(snapshot: SnapshotInput): string | undefined;

/**
 * What `snapshot` and `assertContract` use of a connected `Client` from
 * `@modelcontextprotocol/sdk` (the SDK's own `Client` fits it; the SDK stays an optional peer,
 * so a diff-only install needs nothing more).
 */
export interface McpClient {
  /** `request(request, resultSchema, options)`: called with the method, a schema that keeps the raw result, `{ timeout }`. */
  request(...args: never[]): Promise<unknown>;
  getServerCapabilities(): object | undefined;
  getServerVersion(): object | undefined;
  getInstructions(): string | undefined;
  readonly transport?: object | undefined;
}

export interface SnapshotOptions {
  /** The version the server answered initialize with, when it is not the one the SDK asked for. */
  protocolVersion?: string;
  /** Each request's timeout in milliseconds (default the SDK's). */
  timeoutMs?: number;
}

/**
 * The canonical snapshot text of the server `client` is connected to (any transport, the SDK's
 * InMemoryTransport included): the bytes `mcp-contract snapshot` writes for that server.
 */
export function snapshot(client: McpClient, options?: SnapshotOptions): Promise<string>;

export interface AssertContractOptions extends SnapshotOptions {
  /** Config file (default: .mcp-contract.yaml found from `cwd` as the CLI finds it). */
  config?: string;
  failOn?: Threshold;
  warnOn?: Threshold;
  /** Rewrite the baseline (default: `MCP_CONTRACT_UPDATE=1` in the environment). */
  update?: boolean;
  /** Where the baseline path and the config are found from (default `process.cwd()`). */
  cwd?: string;
}

export interface AssertContractResult {
  status: "created" | "updated" | "compared";
  verdict?: Verdict;
  report?: Report;
}

/**
 * Diffs a client's server (or a snapshot) against the baseline file. Throws an Error named
 * `ContractError`, whose message is the text report and whose `report` is the JSON report, when
 * the fail threshold is reached. A missing baseline is written; `MCP_CONTRACT_UPDATE=1` (or
 * `update: true`) rewrites it; both say so on standard error.
 */
export function assertContract(subject: McpClient | SnapshotInput, baselineFile: string, options?: AssertContractOptions): Promise<AssertContractResult>;
