//! The share link: the whole playground state (three editor texts) compressed into the URL
//! fragment, so a link reproduces a diff without any server ever seeing the snapshots. States
//! too big for a link travel as a state file instead (download, then open or drop it).
//!
//! The payload is gzip (version 2 inside): its CRC-32 and length over the state's bytes make a
//! link altered anywhere (a character changed, dropped or added on the way) fail to open, where
//! raw deflate, which version 1 links used, carries no check and could open as different text.
//! Version 1 links still open; they cannot be checked, and only version 2 links are made.

const PREFIX = "#s=";
const FIELDS = ["old", "new", "config"];

/**
 * The longest link the page hands out, in characters. Chromium opens links up to 2,097,152
 * characters and Firefox up to 1,048,576; this leaves a margin of two below the smaller. The
 * browser tests open a link of twice this length in Chromium and check it restores exactly.
 */
export const SHARE_LIMIT = 500_000;

/** The first key of a state file, so a dropped file is recognised without parsing it twice. */
const STATE_FILE_MARK = "mcpContractPlayground";

async function pipe(bytes, transform) {
  const stream = new Blob([bytes]).stream().pipeThrough(transform);
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

function toBase64Url(bytes) {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(text) {
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(binary, (ch) => ch.charCodeAt(0));
}

const fields = (state) => Object.fromEntries(FIELDS.map((field) => [field, String(state[field] ?? "")]));

/** The version links are made with: a gzip payload, checked when it is opened. */
const VERSION = 2;

/** The first two bytes of every gzip stream; raw deflate data never starts with them (a first
 * byte of 0x1f asks for the reserved block type). */
const GZIP_MAGIC = [0x1f, 0x8b];

/** `#s=…` for a state `{old, new, config}` (strings). */
export async function encodeState(state) {
  const json = JSON.stringify({ v: VERSION, ...fields(state) });
  const packed = await pipe(new TextEncoder().encode(json), new CompressionStream("gzip"));
  return PREFIX + toBase64Url(packed);
}

/** Why a link could not be read, said to the person who opened it (the browser's own error never is). */
export const DAMAGED_LINK =
  "This share link is damaged or incomplete: part of it was probably lost when it was copied or sent. " +
  "Ask for the whole link, or for a state file (“Download state”) to open with “Open state…”.";
export const NEWER_LINK =
  "This share link was made by a newer version of the playground, which this page cannot read. " +
  "Ask for a state file (“Download state”) instead, or open the link where it was made.";

/**
 * The state in a `#s=…` fragment; null when the fragment holds none. Throws an Error whose
 * message is one of the sentences above when the link cannot be read (bad base64, cut-off or
 * altered data, a checksum or length that does not match, not JSON, another version).
 */
export async function decodeState(hash) {
  if (!hash.startsWith(PREFIX)) return null;
  let parsed;
  let checked;
  try {
    const packed = fromBase64Url(hash.slice(PREFIX.length));
    checked = GZIP_MAGIC.every((byte, i) => packed[i] === byte);
    // gzip's decoder fails on a CRC-32 or length that does not match what it decoded.
    const format = checked ? "gzip" : "deflate-raw";
    const json = new TextDecoder("utf-8", { fatal: true }).decode(await pipe(packed, new DecompressionStream(format)));
    parsed = JSON.parse(json);
  } catch {
    throw new Error(DAMAGED_LINK);
  }
  // Each version in its own framing: a version 2 state in raw deflate, or 1 in gzip, is damage.
  const version = parsed?.v;
  if (typeof version === "number" && version > VERSION) throw new Error(NEWER_LINK);
  if (version !== (checked ? VERSION : 1)) throw new Error(DAMAGED_LINK);
  return Object.fromEntries(FIELDS.map((field) => [field, typeof parsed[field] === "string" ? parsed[field] : ""]));
}

/** The example named by a `#example=<id>` fragment, or null. */
export function exampleFromHash(hash) {
  return hash.startsWith("#example=") ? decodeURIComponent(hash.slice("#example=".length)) : null;
}

/** A state file's text: plain JSON, readable and diffable by hand. */
export function stateFileText(state) {
  return JSON.stringify({ [STATE_FILE_MARK]: 1, ...fields(state) }, null, 2) + "\n";
}

/** Whether `text` starts as a state file does (its first key): a look at 200 characters. */
export function looksLikeStateFile(text) {
  return new RegExp(`^\\s*\\{\\s*"${STATE_FILE_MARK}"`).test(text.slice(0, 200));
}

/** The state in a state file's text; null when the text is not a state file. */
export function stateFromFile(text) {
  if (!looksLikeStateFile(text)) return null;
  let parsed;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (parsed?.[STATE_FILE_MARK] !== 1) return null;
  return Object.fromEntries(FIELDS.map((field) => [field, typeof parsed[field] === "string" ? parsed[field] : ""]));
}
