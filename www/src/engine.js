//! The page's handle on the engine, which runs in a Web Worker (`worker.js`): every call is a
//! message, answered asynchronously, so no diff ever blocks the page.

/**
 * Starts the worker; resolves to the engine once it has loaded, with its version, rules and
 * vocabulary (`meta`: severities, formats; src/meta.rs).
 */
export async function startEngine() {
  const worker = new Worker("worker.js", { type: "module", name: "mcp-contract engine" });
  const pending = new Map();
  let nextId = 1;
  let broken = null;
  const failAll = (message) => {
    broken = new Error(message);
    for (const { reject } of pending.values()) reject(broken);
    pending.clear();
  };
  worker.onmessage = ({ data }) => {
    const call = pending.get(data.id);
    if (!call) return;
    pending.delete(data.id);
    if ("failure" in data) call.reject(new Error(data.failure));
    else call.resolve(data.result);
  };
  worker.onerror = (event) => {
    event.preventDefault?.();
    failAll(`the engine's worker failed (${event.message || "it could not be loaded"})`);
  };
  const call = (type, payload = {}) =>
    broken
      ? Promise.reject(broken)
      : new Promise((resolve, reject) => {
          const id = nextId++;
          pending.set(id, { resolve, reject });
          worker.postMessage({ id, type, ...payload });
        });

  const { version, rules, meta } = await call("hello");
  return {
    version,
    rules,
    meta,
    /**
     * `{report, ranges}` or `{error}` for the texts the worker holds after taking `changed`
     * (`{old?, new?, config?}`: only the texts edited since the last call need to travel);
     * `save` keeps them for the next visit (the user's own work, not a link they opened).
     */
    run: (changed, save = false) => call("run", { changed, save }),
    /** `{text}`: the report as a CLI format (text, json, markdown, sarif, github, junit), or `{error}`. */
    render: (changed, format) => call("render", { changed, format }),
    /** `{text}`: one side's text pretty-printed, or `{error}` (YAML, invalid JSON). */
    format: (changed, side) => call("format", { changed, side }),
    /** `{hash}`: the `#s=…` share fragment for the texts. */
    share: (changed) => call("share", { changed }),
    /** `{file}`: the texts as a state file (a Blob). */
    stateFile: (changed) => call("stateFile", { changed }),
    /** `{state}`: the state in a state file (a `file` or its `text`), null when it is not one. */
    openState: (source) => call("openState", source),
    /** `{state}` (null when the fragment holds none) or `{problem}`: what a `#s=…` link holds. */
    decodeLink: (hash) => call("decodeLink", { hash }),
  };
}
