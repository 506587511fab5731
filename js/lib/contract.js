//! Contract tests in a server author's own test suite: `snapshot(client)` lists the server an
//! MCP SDK `Client` is connected to (any transport, InMemoryTransport included) with the CLI's own
//! listing code and returns the snapshot text the CLI would write; `assertContract` diffs it
//! against a committed baseline and throws the text report when the fail threshold is reached.
//! No test framework is imported: a thrown Error is what node:test, vitest and jest all report.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { LEGACY_PROTOCOL, LISTS, MODERN_PROTOCOL, listAll, modernMeta } from "./capture.js";
import { canonicalSnapshot, formatSnapshot } from "./canonical.js";
import { refuseUnsafe } from "./capture-guard.js";
import { makeRedactor } from "./redact.js";
import { RpcError } from "./rpc.js";
import { engine } from "./engine.js";
import { loadConfig } from "./io.js";

// A result "schema" the SDK's Client.request accepts (it calls safeParse) that keeps the server's
// answer exactly as sent: the CLI's capture reads raw JSON, and so must this.
const RAW = Object.freeze({ safeParse: (data) => ({ success: true, data }) });

/** The transport's kind as the CLI's capture names it (`stdio`, `streamable-http`), else the SDK class's. */
function transportKind(transport) {
  const name = transport?.constructor?.name ?? "";
  if (name === "StdioClientTransport") return "stdio";
  if (name === "StreamableHTTPClientTransport") return "streamable-http";
  if (name === "SSEClientTransport") return "sse";
  if (name === "InMemoryTransport") return "in-memory";
  return name || "sdk";
}

/**
 * The snapshot text (canonical, as `mcp-contract snapshot` writes it) of the server `client`
 * is connected to. Options: `protocolVersion` (the version the server answered initialize with,
 * when it is not the one the SDK asked for), `timeoutMs` (each request; default the SDK's).
 */
export async function snapshot(client, options = {}) {
  if (!client || typeof client.request !== "function" || typeof client.getServerCapabilities !== "function") {
    throw new TypeError("snapshot(client): client must be a connected Client from @modelcontextprotocol/sdk");
  }
  const capabilities = client.getServerCapabilities();
  if (capabilities === undefined) throw new Error("snapshot(client): the client is not connected yet; await client.connect(transport) first");
  const requestOptions = options.timeoutMs === undefined ? undefined : { timeout: options.timeoutMs };
  const session = {
    request: async (method, params) => {
      try {
        return await client.request({ method, params }, RAW, requestOptions);
      } catch (error) {
        // The SDK's McpError carries the JSON-RPC code, which decides "no such list".
        if (typeof error?.code === "number") throw new RpcError(method, { code: error.code, message: error.message, data: error.data });
        throw error;
      }
    },
  };
  const transport = transportKind(client.transport);
  // A client that negotiated the stateless era answers server/discover; one that initialized
  // is asked nothing more of its handshake (a server/discover would end some legacy servers).
  const negotiated = options.protocolVersion ?? client.transport?.protocolVersion ?? LEGACY_PROTOCOL;
  let parts;
  if (negotiated === MODERN_PROTOCOL) {
    const result = await session.request("server/discover", { _meta: modernMeta() });
    parts = {
      capture: { method: "server/discover", transport },
      protocolVersion: MODERN_PROTOCOL,
      supportedVersions: result?.supportedVersions,
      serverInfo: result?._meta?.["io.modelcontextprotocol/serverInfo"],
      capabilities: result?.capabilities,
      instructions: result?.instructions,
      modern: true,
    };
  } else {
    parts = {
      capture: { method: "initialize", transport },
      protocolVersion: negotiated,
      serverInfo: client.getServerVersion(),
      capabilities,
      instructions: client.getInstructions(),
      modern: false,
    };
  }
  for (const list of LISTS) {
    const items = await listAll(session, list, parts, () => {});
    if (items !== undefined) parts[list.section] = items;
  }
  const canonical = canonicalSnapshot(parts);
  refuseUnsafe(canonical, makeRedactor([]));
  return formatSnapshot(canonical);
}

/** The environment variable that makes assertContract rewrite the baseline (`-u` in snapshot testing). */
export const UPDATE_VARIABLE = "MCP_CONTRACT_UPDATE";

/**
 * Diffs `subject` (a connected SDK Client, or a snapshot as text, bytes or object) against the
 * baseline file and throws an Error whose message is the text report when the fail threshold is
 * reached. Writes the baseline when it does not exist yet, and rewrites it when `update` (default:
 * MCP_CONTRACT_UPDATE=1 in the environment); both say so on standard error. Options: `config`
 * (a file path; default: .mcp-contract.yaml found as the CLI finds it from `cwd`), `failOn`,
 * `warnOn`, `update`, `cwd` (default process.cwd()), `protocolVersion` and `timeoutMs` (for a
 * client). Resolves to `{ status: "created" | "updated" | "compared", report?, verdict? }`.
 */
export async function assertContract(subject, baselineFile, options = {}) {
  if (typeof baselineFile !== "string" || baselineFile === "") throw new TypeError("assertContract(subject, baselineFile): baselineFile must be a file path");
  const cwd = options.cwd ?? process.cwd();
  const file = path.resolve(cwd, baselineFile);
  const current = await snapshotText(subject, options);
  const update = options.update ?? process.env[UPDATE_VARIABLE] === "1";
  const { writeSnapshotFile } = await import("./baseline.js");
  if (!existsSync(file)) {
    await writeSnapshotFile(file, current);
    process.stderr.write(`mcp-contract: baseline ${baselineFile} did not exist: written from this run; commit it\n`);
    return { status: "created" };
  }
  const baseline = readFileSync(file, "utf8");
  if (update) {
    if (baseline !== current) await writeSnapshotFile(file, current);
    process.stderr.write(`mcp-contract: baseline ${baselineFile} ${baseline === current ? "already holds this snapshot" : `updated (${UPDATE_VARIABLE}=1): every change is accepted`}\n`);
    return { status: "updated" };
  }
  const config = loadConfig(options.config, cwd);
  const request = { failOn: options.failOn, warnOn: options.warnOn, renders: [{ format: "json" }, { format: "text" }] };
  const { verdict, outputs } = engine.diff(baseline, current, config?.text ?? null, request);
  const decode = (bytes) => new TextDecoder().decode(bytes);
  if (verdict === "fail") {
    const error = new Error(`the MCP contract in ${baselineFile} is broken (accept the changes with ${UPDATE_VARIABLE}=1):\n\n${decode(outputs[1])}`);
    error.name = "ContractError";
    error.report = JSON.parse(decode(outputs[0]));
    throw error;
  }
  return { status: "compared", verdict, report: JSON.parse(decode(outputs[0])) };
}

async function snapshotText(subject, options) {
  if (subject && typeof subject === "object" && typeof subject.request === "function") return snapshot(subject, options);
  if (typeof subject === "string") return subject;
  if (subject instanceof Uint8Array) return new TextDecoder().decode(subject);
  if (subject && typeof subject === "object") return formatSnapshot(subject);
  throw new TypeError("assertContract(subject, …): subject must be a connected MCP SDK Client or a snapshot (text, bytes or object)");
}
