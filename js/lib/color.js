//! Whether to colour output: FORCE_COLOR wins, then NO_COLOR, then "is it a terminal".

export function wantsColor(stream, env = process.env) {
  if (env.FORCE_COLOR !== undefined) return env.FORCE_COLOR !== "0" && env.FORCE_COLOR !== "false";
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== "") return false;
  return Boolean(stream.isTTY) && env.TERM !== "dumb";
}

export function painter(enabled) {
  return (code, text) => (enabled ? `\x1b[${code}m${text}\x1b[0m` : text);
}
