//! The independent judge of the soundness check: Ajv, which shares no code with the engine,
//! compiles each schema under the draft its `$schema` names and says whether an instance is valid.
// Formats are assertions (ajv-formats), as the engine judges them (`format.narrowed` is
// BREAKING on input); a format Ajv does not know (OpenAPI's `int32`, say) is an annotation, and
// unknown keywords are ignored (`strict: false`), as every draft says they must be.
import Ajv from "ajv";
import Ajv2019 from "ajv/dist/2019.js";
import Ajv2020 from "ajv/dist/2020.js";
import AjvDraft04 from "ajv-draft-04";
import addFormats from "ajv-formats";

const options = { strict: false, validateFormats: true, validateSchema: false, allErrors: false, logger: false };

// One Ajv per draft and regular-expression mode. Patterns are ECMA-262 with the `u` flag first;
// a pattern that only compiles without it (e.g. `\-` outside a class) gets the plain mode.
const makers = {
  draft4: (unicodeRegExp) => addFormats(new AjvDraft04({ ...options, unicodeRegExp })),
  draft7: (unicodeRegExp) => addFormats(new Ajv({ ...options, unicodeRegExp })),
  draft2019: (unicodeRegExp) => addFormats(new Ajv2019({ ...options, unicodeRegExp })),
  draft2020: (unicodeRegExp) => addFormats(new Ajv2020({ ...options, unicodeRegExp })),
};

function draftsFor(schema) {
  const uri = typeof schema === "object" && schema !== null && typeof schema.$schema === "string" ? schema.$schema : "";
  if (/draft-0[34]\b/.test(uri)) return ["draft4"];
  if (/draft-0[67]\b/.test(uri)) return ["draft7"];
  if (/2019-09/.test(uri)) return ["draft2019"];
  if (/2020-12/.test(uri)) return ["draft2020"];
  // No (or an unknown) `$schema`: MCP says 2020-12; older generators' tuple `items` arrays only
  // compile under draft 7, which is then what they meant.
  return ["draft2020", "draft7"];
}

/** Compiles schemas once each (by their JSON text) and validates instances against them. */
export class Validator {
  #instances = new Map();
  #compiled = new Map();

  #ajv(draft, unicode) {
    const key = `${draft}/${unicode}`;
    if (!this.#instances.has(key)) this.#instances.set(key, makers[draft](unicode));
    return this.#instances.get(key);
  }

  /**
   * `{ validate(instance) -> { valid, error, errors, undecided? } }`, or `{ error }` when no draft compiles the
   * schema (a remote `$ref`, a pattern no ECMA-262 engine accepts).
   */
  compile(schema) {
    const text = JSON.stringify(schema);
    if (this.#compiled.has(text)) return this.#compiled.get(text);
    let result;
    const failures = [];
    for (const draft of draftsFor(schema)) {
      for (const unicode of [true, false]) {
        try {
          // A fresh copy, and a fresh Ajv when the schema names itself: two tools may share `$id`s.
          const copy = JSON.parse(text);
          const ajv = /"\$?id":"/.test(text) ? makers[draft](unicode) : this.#ajv(draft, unicode);
          const fn = ajv.compile(copy);
          result = {
            draft,
            validate(instance) {
              let valid;
              try {
                valid = fn(instance);
              } catch (error) {
                // A schema whose `$ref`s loop without consuming the instance (left recursion)
                // overflows the stack: no verdict either way.
                return { valid: false, undecided: error.message, error: null, errors: [] };
              }
              // errors: with a failed anyOf/oneOf, each branch's first error, then the composite's.
              return { valid, error: valid ? null : fn.errors?.[0] ?? null, errors: valid ? [] : [...(fn.errors ?? [])] };
            },
          };
          break;
        } catch (error) {
          failures.push(`${draft}${unicode ? "" : " (non-unicode)"}: ${error.message}`);
        }
      }
      if (result) break;
    }
    result ??= { error: failures.join("; ") };
    this.#compiled.set(text, result);
    return result;
  }
}
