// The canonical snapshot (what `mcp-contract snapshot` writes): a full snapshot object with a format marker, fields in a
// fixed order, entities sorted by identity key and object keys sorted, pretty-printed, so that
// a committed snapshot diffs cleanly in git and the same surface always gives the same bytes.
// The model (marker, server fields, sections and their keys, in order) is the engine's
// (`meta().snapshot`, src/meta.rs); this file only sorts and prints.
import { engineMeta } from './catalogue.js';

const { snapshot: MODEL } = engineMeta();
const MAX_DEPTH = 256;

/**
 * Builds the canonical snapshot from captured parts: `capture` (how it was taken), the server
 * fields and the section arrays. Absent parts stay absent (a missing section is "not compared").
 */
export function canonicalSnapshot(parts) {
  const out = { format: MODEL.format };
  if (parts.capture) out.capture = sortKeys(parts.capture, 0);
  for (const field of MODEL.serverFields) {
    if (parts[field] !== undefined) out[field] = sortKeys(parts[field], 0);
  }
  for (const { field, key } of MODEL.sections) {
    if (!Array.isArray(parts[field])) continue;
    out[field] = parts[field].map((entity) => sortKeys(entity, 0)).sort((a, b) => compareKeys(a?.[key], b?.[key]));
  }
  return out;
}

/** "3 tools, 1 resource, 0 resource templates, 2 prompts": what a snapshot (object) holds, in the engine's words. */
export function sectionCounts(snapshot) {
  return MODEL.sections
    .map(({ field, words }) => {
      const count = Array.isArray(snapshot?.[field]) ? snapshot[field].length : 0;
      return `${count} ${count === 1 ? words.replace(/s$/, "") : words}`;
    })
    .join(", ");
}

/** The snapshot's text: two-space JSON with a trailing newline. */
export function formatSnapshot(snapshot) {
  return `${JSON.stringify(snapshot, null, 2)}\n`;
}

// Code-unit order (not locale order), so every machine sorts alike; non-strings last.
function compareKeys(a, b) {
  const sa = typeof a === 'string';
  const sb = typeof b === 'string';
  if (sa && sb) return a < b ? -1 : a > b ? 1 : 0;
  return sa ? -1 : sb ? 1 : 0;
}

function sortKeys(value, depth) {
  if (depth > MAX_DEPTH) throw new Error(`the server's answer is nested more than ${MAX_DEPTH} levels deep`);
  if (Array.isArray(value)) return value.map((item) => sortKeys(item, depth + 1));
  if (value === null || typeof value !== 'object') return value;
  const out = {};
  for (const key of Object.keys(value).sort(compareKeys)) {
    // defineProperty, not assignment: a server-sent "__proto__" key must stay a plain key.
    Object.defineProperty(out, key, { value: sortKeys(value[key], depth + 1), enumerable: true, writable: true, configurable: true });
  }
  return out;
}
