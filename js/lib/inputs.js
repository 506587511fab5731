// Reading OLD/NEW (and other inputs) given as a file path, `-` for standard input, or
// `git:REF:PATH` (the file as committed at REF, read with `git show REF:PATH`).
// Files are read synchronously and child_process loads only for git inputs: the CLI's start-up
// time is a target, and an async read costs a thread-pool round trip for nothing here. Inputs
// stay bytes: the engine takes UTF-8 (and reports a bad byte at line:column), so decoding to a
// string here would only be undone on the way into wasm.
import path from 'node:path';
import { CliError } from './errors.js';
import { DEFAULT_MAX_BYTES, readFileBounded, tooLarge } from './limits.js';

/**
 * Reads one input. `label` names it in errors (e.g. "OLD"); `stdin` is a readable stream
 * (default process.stdin); `cwd` is where paths and git run; `maxBytes` refuses a larger input
 * (default 256 MiB; files, pipes, standard input and git alike). Resolves to the bytes (a Buffer).
 */
export async function readInput(spec, { label = 'input', stdin, cwd = process.cwd(), maxBytes = DEFAULT_MAX_BYTES } = {}) {
  if (typeof spec !== 'string' || spec === '') throw new CliError(`${label}: missing (give a file path, - for stdin, or git:REF:PATH)`);
  // process.stdin only when asked for: creating it costs start-up time and can hold the exit.
  if (spec === '-') return readStream(stdin ?? process.stdin, label, maxBytes);
  if (spec.startsWith('git:')) return readGit(spec, label, cwd, maxBytes);
  try {
    return readFileBounded(path.resolve(cwd, spec), maxBytes, `${label}: \`${spec}\``);
  } catch (error) {
    if (error instanceof CliError) throw error;
    if (error.code === 'ENOENT') throw new CliError(`${label}: file \`${spec}\` not found`);
    if (error.code === 'EISDIR') throw new CliError(`${label}: \`${spec}\` is a directory, not a snapshot file`);
    throw new CliError(`${label}: cannot read \`${spec}\`: ${error.message}`);
  }
}

/** Checks that at most one input reads standard input (it can only be read once). */
export function checkStdinUse(specs) {
  if (specs.filter((spec) => spec === '-').length > 1) throw new CliError('only one input can be `-` (standard input can be read once)');
}

/** Splits `git:REF:PATH`; refs cannot contain `:`, so the first colon ends REF. */
export function parseGitSpec(spec) {
  const rest = spec.slice('git:'.length);
  const colon = rest.indexOf(':');
  if (colon <= 0 || colon === rest.length - 1) return null;
  return { ref: rest.slice(0, colon), path: rest.slice(colon + 1) };
}

async function readGit(spec, label, cwd, maxBytes) {
  const parsed = parseGitSpec(spec);
  if (!parsed) throw new CliError(`${label}: \`${spec}\` is not git:REF:PATH (e.g. git:main:snapshots/server.json)`);
  const { ref, path: file } = parsed;
  if (ref.startsWith('-')) throw new CliError(`${label}: \`${ref}\` is not a git ref`);
  const { execFile } = await import('node:child_process');
  return new Promise((resolve, reject) => {
    execFile('git', ['show', `${ref}:${file}`], { cwd, encoding: 'buffer', maxBuffer: maxBytes }, (error, stdout, stderr) => {
      if (!error) return resolve(stdout);
      if (error.code === 'ERR_CHILD_PROCESS_STDIO_MAXBUFFER') return reject(tooLarge(`${label}: ${spec}`, maxBytes));
      if (error.code === 'ENOENT') return reject(new CliError(`${label}: reading ${spec} needs git, which is not installed`));
      const problem = gitProblem(stderr, ref, file);
      if (problem === noSuchRef(ref) && !COMMIT_ID.test(ref)) {
        // A branch a shallow or single-branch clone (actions/checkout's default) did not fetch.
        return fetchHint(execFile, ref, cwd).then((hint) => reject(new CliError(`${label}: ${problem} (reading ${spec})${hint}`)));
      }
      if (problem === NOT_A_REPOSITORY || !COMMIT_ID.test(ref)) return reject(new CliError(`${label}: ${problem} (reading ${spec})`));
      // A shallow checkout (actions/checkout's default) lacks the base commit, and git then
      // blames the path or the name: ask whether the commit itself is here.
      execFile('git', ['cat-file', '-e', `${ref}^{commit}`], { cwd }, (missing) => {
        const why = missing
          ? `commit \`${ref}\` was not fetched: this clone does not have it (a shallow checkout?); fetch the history, e.g. actions/checkout with fetch-depth: 0`
          : problem;
        reject(new CliError(`${label}: ${why} (reading ${spec})`));
      });
    });
  });
}

/** A ref that can only be a commit id (abbreviated or full), as CI passes a base commit. */
const COMMIT_ID = /^[0-9a-f]{7,40}$/i;
const NOT_A_REPOSITORY = 'not inside a git repository';
const noSuchRef = (ref) => `no commit, branch or tag \`${ref}\` in this repository`;

/**
 * What to do about a ref this clone lacks, when it likely was not fetched rather than misspelt:
 * the clone is shallow (actions/checkout fetches one commit by default), or the ref names a
 * branch of a configured remote (`origin/main`) that a single-branch clone left out. Resolves to
 * `; …` or '' (and to '' when git cannot tell).
 */
function fetchHint(execFile, ref, cwd) {
  const run = (args) =>
    new Promise((resolve) => execFile('git', args, { cwd }, (error, stdout) => resolve(error ? '' : String(stdout).trim())));
  return Promise.all([run(['rev-parse', '--is-shallow-repository']), run(['remote'])]).then(([shallowText, remoteText]) => {
    const shallow = shallowText === 'true';
    const remotes = remoteText.split('\n').filter(Boolean);
    const tracking = /^(?:refs\/)?(?:remotes\/)?([^/]+)\/(.+)$/.exec(ref);
    const remote = tracking && remotes.includes(tracking[1]) ? tracking[1] : undefined;
    if (!shallow && remote === undefined) return '';
    const from = remote ?? (remotes.includes('origin') ? 'origin' : remotes[0]);
    const branch = remote ? tracking[2] : ref.replace(/^refs\/heads\//, '');
    // Into the ref asked for, explicitly: a single-branch clone's fetch refspec would not
    // update `origin/main` from a plain `git fetch origin main`.
    const into = remote ? `refs/remotes/${remote}/${branch}` : branch;
    const fetch = from === undefined ? undefined : `git fetch${shallow ? ' --depth=1' : ''} ${from} ${branch}:${into}`;
    if (!shallow) return `; the clone does not have this branch: fetch it first (\`${fetch}\`)`;
    const first = fetch ? `fetch it first (\`${fetch}\`)` : 'fetch it first';
    return `; this is a shallow clone: ${first}, or set \`fetch-depth: 0\` on actions/checkout`;
  });
}

function gitProblem(stderr, ref, file) {
  const text = String(stderr).trim();
  if (/not a git repository/i.test(text)) return NOT_A_REPOSITORY;
  if (/does not exist in|exists on disk, but not in/i.test(text)) return `path \`${file}\` does not exist at \`${ref}\` (paths are relative to the repository root; start with ./ for the current directory)`;
  if (/invalid object name|unknown revision|bad revision|ambiguous argument/i.test(text)) return noSuchRef(ref);
  return `git show failed: ${text.split('\n').pop()}`;
}

async function readStream(stream, label, maxBytes) {
  const chunks = [];
  let size = 0;
  for await (const chunk of stream) {
    size += chunk.length;
    if (size > maxBytes) throw tooLarge(`${label}: standard input`, maxBytes);
    chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  }
  return Buffer.concat(chunks);
}
