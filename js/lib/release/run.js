//! One installer or registry command (npm, pip, uv, python) run for a release: no shell, its own
//! process group (ended with everything it started when it finishes, fails, times out or the
//! user presses Ctrl-C), bounded output, and a result or a CliError quoting its own last words.
import { spawn } from "node:child_process";
import { CliError, escapeControls } from "../errors.js";
import { MARKER_VARIABLE, endAll, newMarker, unwatchGroup, watchGroup } from "../process-group.js";

// What is kept of each stream: enough for `npm view --json` of one version, pip's error report.
const MAX_OUTPUT_BYTES = 8 * 1024 * 1024;

/**
 * Runs `command args` with `env` in `cwd`; resolves to `{ code, stdout, stderr }` (strings)
 * whatever the exit code, or rejects with a CliError when it cannot start, runs past
 * `timeoutMs` (`what` names it: "installing npm:x@1") or `signal` aborts (exit 130).
 */
export function runContained(command, args, { env, cwd, timeoutMs, signal, what }) {
  return new Promise((resolve, reject) => {
    const marker = newMarker();
    const child = spawn(command, args, {
      env: { ...env, [MARKER_VARIABLE]: marker },
      cwd,
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
      windowsHide: true,
    });
    const out = collector();
    const err = collector();
    child.stdout.on("data", out.add);
    child.stderr.on("data", err.add);
    let failure = null;
    const end = async (error) => {
      failure ??= error;
      if (child.pid !== undefined) await endAll(child.pid, marker, { graceMs: 500 });
    };
    const limit = timeoutMs % 1000 === 0 ? `${timeoutMs / 1000} s` : `${timeoutMs} ms`;
    const timer = setTimeout(() => end(new CliError(`${what} took longer than ${limit}; raise the limit with --install-timeout SECONDS`)), timeoutMs);
    const onAbort = () => {
      const by = typeof signal.reason === "string" ? ` by ${signal.reason}` : "";
      end(new CliError(`interrupted${by} while ${what}`, { exitCode: 130 }));
    };
    if (signal?.aborted) onAbort();
    else signal?.addEventListener("abort", onAbort, { once: true });
    child.once("spawn", () => watchGroup(child.pid, marker));
    child.once("error", (error) => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
      const reason = error.code === "ENOENT" ? `\`${command}\` is not installed or not on PATH` : error.message;
      reject(new CliError(`${what}: cannot run ${command}: ${reason}`));
    });
    child.once("close", async (code) => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
      // Whatever it left running (a daemon, a build helper) ends with it.
      await endAll(child.pid, marker, { graceMs: 500 });
      unwatchGroup(child.pid);
      if (failure) reject(failure);
      else resolve({ code, stdout: out.text(), stderr: err.text() });
    });
  });
}

function collector() {
  const chunks = [];
  let size = 0;
  return {
    add: (chunk) => {
      if (size >= MAX_OUTPUT_BYTES) return;
      chunks.push(chunk);
      size += chunk.length;
    },
    text: () => Buffer.concat(chunks).toString("utf8"),
  };
}

/**
 * The last meaningful lines of a tool's error output (npm's "A complete log…" and blank lines
 * dropped), each made inert, for quoting in one error message.
 */
export function lastLines(text, count = 6) {
  const lines = String(text)
    .split(/\r?\n/)
    .map((line) => line.trimEnd())
    .filter((line) => line.trim() !== "" && !/complete log of this run|^npm (?:error|ERR!)\s*$/.test(line));
  return lines.slice(-count).map(escapeControls);
}
