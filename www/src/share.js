//! The share link: the whole playground state (three editor texts) deflated into the URL
//! fragment, so a link reproduces a diff without any server ever seeing the snapshots.

const PREFIX = "#s=";
const FIELDS = ["old", "new", "config"];

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

/** `#s=…` for a state `{old, new, config}` (strings). */
export async function encodeState(state) {
  const json = JSON.stringify({
    v: 1,
    ...Object.fromEntries(FIELDS.map((field) => [field, String(state[field] ?? "")])),
  });
  const packed = await pipe(new TextEncoder().encode(json), new CompressionStream("deflate-raw"));
  return PREFIX + toBase64Url(packed);
}

/** The state in a `#s=…` fragment; null when the fragment holds none; throws when it is corrupt. */
export async function decodeState(hash) {
  if (!hash.startsWith(PREFIX)) return null;
  const json = new TextDecoder().decode(
    await pipe(fromBase64Url(hash.slice(PREFIX.length)), new DecompressionStream("deflate-raw")),
  );
  const parsed = JSON.parse(json);
  if (parsed?.v !== 1) throw new Error("this share link was made by a newer playground");
  return Object.fromEntries(FIELDS.map((field) => [field, typeof parsed[field] === "string" ? parsed[field] : ""]));
}

/** The example named by a `#example=<id>` fragment, or null. */
export function exampleFromHash(hash) {
  return hash.startsWith("#example=") ? decodeURIComponent(hash.slice("#example=".length)) : null;
}
