// Whether the text report is coloured: NO_COLOR (any non-empty value) turns colour off,
// FORCE_COLOR turns it on (except "0" or "false"), otherwise colour follows whether the
// stream is a terminal. See no-color.org and the FORCE_COLOR convention.

export function useColor(stream = process.stdout, env = process.env) {
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (env.FORCE_COLOR !== undefined) return !['0', 'false'].includes(env.FORCE_COLOR.toLowerCase());
  return Boolean(stream?.isTTY);
}
