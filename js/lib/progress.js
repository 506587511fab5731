//! A capture's progress on standard error: on a terminal, one status line rewritten in place
//! (starting, the handshake, each list call with its page count) and a last line "captured …
//! in N s"; elsewhere (CI logs, with --verbose) one plain line per phase, no spinner and no
//! control sequences. Events come from capture.js's `onProgress`.
import { engineMeta } from "./catalogue.js";
import { escapeControls as printable } from "./errors.js";

const CLEAR_LINE = "\r\x1b[K";
// "resource templates": each section's words, as the engine's reports say them (src/meta.rs).
const LABELS = Object.fromEntries(engineMeta().snapshot.sections.map(({ field, words }) => [field, words]));

/**
 * An `onProgress(event)` for capture, writing to `stream`, or undefined when nothing is to be
 * said: on a terminal unless `verbosity` is 'quiet'; elsewhere only when it is 'verbose'.
 * `clock` returns milliseconds (tests pass their own). `stream.redact(text)`, when there is
 * one, is applied before a line is cut to the terminal's width: the stream redacts what it is
 * given, and no longer knows the start of a secret the cut left at the end of a line.
 */
export function progressReporter(stream, verbosity, clock = () => performance.now()) {
  if (verbosity === "quiet") return undefined;
  const live = Boolean(stream.isTTY);
  if (!live && verbosity !== "verbose") return undefined;
  const started = clock();
  const counts = [];
  // A live line longer than the terminal would wrap, and \r would then rewrite only its end.
  const fit = (text) => {
    const line = stream.redact ? stream.redact(text) : text;
    return live && stream.columns > 1 && line.length >= stream.columns ? `${line.slice(0, stream.columns - 2)}…` : line;
  };
  const say = (text) => stream.write(live ? `${CLEAR_LINE}${fit(`mcp-contract: ${printable(text)}`)}` : `mcp-contract: ${printable(text)}\n`);
  return (event) => {
    switch (event.phase) {
      case "start":
        say(`starting ${event.server}…`);
        break;
      case "handshake":
        say(`handshake (${event.method})…`);
        break;
      case "connected":
        say(`connected: ${event.server} (protocol ${event.protocolVersion ?? "unknown"})`);
        break;
      case "page":
        // Only a terminal shows each page; a log gets the list's total.
        if (live) say(`${event.method}: page ${event.page}, ${event.items} so far…`);
        break;
      case "list":
        counts.push(`${event.items} ${LABELS[event.section] ?? event.section}`);
        if (!live) say(`${event.method}: ${event.items} in ${event.pages} page${event.pages === 1 ? "" : "s"}`);
        break;
      case "done": {
        const seconds = ((clock() - started) / 1000).toFixed(1);
        const text = `captured ${counts.join(", ") || "the server"} in ${seconds} s`;
        stream.write(live ? `${CLEAR_LINE}mcp-contract: ${text}\n` : `mcp-contract: ${text}\n`);
        break;
      }
      case "failed":
        if (live) stream.write(CLEAR_LINE); // the error line follows on a clean line
        break;
      default:
        break;
    }
  };
}
