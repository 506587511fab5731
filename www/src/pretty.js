//! Pretty-prints JSON text token by token (two-space indent), keeping every string and number
//! exactly as written: `JSON.parse` then `stringify` would turn `1.0` into `1` and round big numbers.

/** `{text}` pretty-printed, or `{error}` when the text is not JSON (YAML is left as written). */
export function prettyJson(source) {
  if (!/^\s*[[{]/.test(source)) return { error: "Format pretty-prints JSON; YAML is left as written." };
  try {
    JSON.parse(source);
  } catch (error) {
    return { error: `Fix the JSON first: ${error.message}` };
  }
  const tokens = /"(?:[^"\\]|\\.)*"|[{}[\]:,]|[^\s{}[\]:,"]+/g;
  const out = [];
  let depth = 0;
  let previous = "";
  const newline = () => "\n" + "  ".repeat(depth);
  for (const [token] of source.matchAll(tokens)) {
    if (token === "}" || token === "]") {
      depth--;
      out.push(previous === "{" || previous === "[" ? token : newline() + token);
    } else if (token === ",") {
      out.push(",", newline());
    } else if (token === ":") {
      out.push(": ");
    } else if (token === "{" || token === "[") {
      out.push(token);
      depth++;
      previous = token;
      continue;
    } else {
      out.push(previous === "{" || previous === "[" ? newline() + token : token);
    }
    previous = token;
  }
  return { text: out.join("") + "\n" };
}
