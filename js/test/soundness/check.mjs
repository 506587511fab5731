//! The soundness check over one snapshot pair: every generated instance of a tool's OLD input
//! schema is validated against the NEW one; for outputs, instances of the NEW schema against the
//! OLD. Each rejection is recorded with the instance and the keywords that rejected it, next to
//! the engine's findings for that tool, for run.mjs to judge.
import { InstanceGenerator, schemaLiterals, schemaPropertyNames } from "./generate.mjs";

const isObject = (value) => typeof value === "object" && value !== null && !Array.isArray(value);

export const DIRECTIONS = [
  // input: contravariant. Callers' arguments valid for the old schema must stay valid.
  { direction: "input", key: "inputSchema", from: "old", to: "new" },
  // output: covariant. Results the new server sends must be valid for the old schema.
  { direction: "output", key: "outputSchema", from: "new", to: "old" },
];

/** The tools of a snapshot in any shape the engine accepts (full snapshot, list result, tool array, JSON-RPC envelope), by name. */
export function toolsByName(document) {
  let value = document;
  if (value && value.jsonrpc && value.result) value = value.result;
  if (value && !Array.isArray(value) && value["tools/list"]) value = value["tools/list"];
  const tools = Array.isArray(value) ? value : Array.isArray(value?.tools) ? value.tools : [];
  return new Map(tools.filter((tool) => tool && typeof tool.name === "string").map((tool) => [tool.name, tool]));
}

/** The schema-relative JSON pointer of an engine finding (`/properties/p/pattern`), for one side. */
export function findingPointer(change, side, key) {
  const pointer = side === "old" ? change.oldPointer : change.newPointer;
  if (typeof pointer !== "string") return null;
  const at = pointer.indexOf(`/${key}`);
  if (at < 0) return null;
  const rest = pointer.slice(at + key.length + 1);
  return rest.startsWith("/") || rest === "" ? rest : null;
}

/**
 * Checks one pair. `report` is the engine's report for it. Returns `{ tools, unchanged,
 * checked: [{ tool, direction, instances, misses: [...] }], skipped: [...], breaking: [...] }`.
 */
export function checkPair({ oldDoc, newDoc, report, validator, random, limit }) {
  const oldTools = toolsByName(oldDoc);
  const newTools = toolsByName(newDoc);
  const result = { tools: 0, unchanged: 0, checked: [], skipped: [], breaking: [] };
  for (const [name, oldTool] of oldTools) {
    const newTool = newTools.get(name);
    if (!newTool) continue; // removed: the engine reports tool.removed
    result.tools++;
    for (const { direction, key, from, to } of DIRECTIONS) {
      const schemas = { old: oldTool[key], new: newTool[key] };
      // No schema on one side (absent or null): the engine's schema.added/removed rules.
      if (schemas.old == null || schemas.new == null) continue;
      if (JSON.stringify(schemas.old) === JSON.stringify(schemas.new)) {
        result.unchanged++;
        continue;
      }
      const findings = report.changes.filter(
        (change) => change.entity?.kind === "tool" && change.entity.name === name && change.rule.startsWith(`tool.${direction}.`),
      );
      const breaking = findings.filter((change) => change.severity === "BREAKING");
      const source = validator.compile(schemas[from]);
      const target = validator.compile(schemas[to]);
      if (source.error || target.error) {
        result.skipped.push({ tool: name, direction, reason: source.error ?? target.error });
        continue;
      }
      const generator = new InstanceGenerator(schemas[from], {
        random,
        hints: schemaLiterals(schemas[to], random),
        hintKeys: schemaPropertyNames(schemas[to]),
      });
      let instances = 0;
      const misses = [];
      const seen = new Set();
      for (const instance of generator.instances(limit)) {
        // An input schema validates a call's `params.arguments`, which MCP always sends as an
        // object: no caller can send another root value, so none counts (the engine reads an
        // absent root `type` there as "object").
        if (direction === "input" && !isObject(instance)) continue;
        if (!source.validate(instance).valid) continue;
        instances++;
        const verdict = target.validate(instance);
        if (verdict.valid || verdict.undecided) continue;
        const schemaPath = verdict.error ? verdict.error.schemaPath.replace(/^#/, "") : "";
        if (seen.has(schemaPath)) continue; // one instance per rejecting keyword is enough
        seen.add(schemaPath);
        misses.push({
          schemaPath,
          instancePath: verdict.error?.instancePath ?? "",
          keyword: verdict.error?.keyword ?? "",
          params: verdict.error?.params ?? {},
          errors: verdict.errors.map((error) => ({ schemaPath: error.schemaPath.replace(/^#/, ""), params: error.params ?? {} })),
          message: verdict.error?.message ?? "",
          instance,
        });
      }
      const entry = { tool: name, direction, from, to, instances, findings, misses };
      if (breaking.length) result.breaking.push(entry);
      else result.checked.push(entry);
    }
  }
  return result;
}
