//! The wasm engine in the page: loads it once and turns its thrown errors into plain data
//! (`{input, message, hint, pointer | line+column}`) that the editors can place inline.
import init, { diff, diffFormatted, rules, version } from "./mcp_contract.js";

/** Empty or comment-only config text means "no config", as an absent file would. */
function configArg(text) {
  return text.split("\n").every((line) => /^\s*(#.*)?$/.test(line)) ? null : text;
}

function asInputError(error) {
  return {
    input: error?.input ?? "engine",
    message: String(error?.message ?? error),
    detail: error?.detail ?? String(error?.message ?? error),
    hint: error?.hint ?? "",
    pointer: error?.pointer ?? null,
    line: error?.line ?? null,
    column: error?.column ?? null,
  };
}

export async function loadEngine() {
  await init();
  return {
    version,
    rules,
    /** `{report}` or `{error}`: the engine never throws past this point. */
    run(state) {
      try {
        return { report: diff(state.old, state.new, configArg(state.config)) };
      } catch (error) {
        return { error: asInputError(error) };
      }
    },
    /** `{text}` with the report rendered as Markdown, or `{error}` (e.g. an engine without it). */
    markdown(state) {
      try {
        return { text: diffFormatted(state.old, state.new, configArg(state.config), { format: "markdown" }).output };
      } catch (error) {
        return { error: asInputError(error) };
      }
    },
  };
}
