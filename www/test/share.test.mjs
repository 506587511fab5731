// Share links can not lie (issue 38 item 1): a link altered anywhere — a character changed,
// dropped or added at any position of the header, the compressed body or the checksum — either
// opens as exactly the state it was made from or is refused as damaged. Node only: share.js
// runs the same CompressionStream API here as in the page.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { DAMAGED_LINK, NEWER_LINK, decodeState, encodeState } from "../src/share.js";
import { repoRoot } from "./harness.mjs";

const releases = path.join(repoRoot, "tests", "corpus", "github-mcp-server", "releases");
const BASE64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/** A real state: two releases of a public server, and a config. */
async function realState() {
  const [old, next] = await Promise.all(
    ["v0.31.0.json", "v1.10.1.json"].map((f) => readFile(path.join(releases, f), "utf8")),
  );
  return { old, new: next, config: "fail_on: BREAKING\nignore:\n  - rule: tool.removed\n    reason: planned\n" };
}

/** What opening `hash` gives: "same", "damaged", or "DIFFERENT" (a lie). */
async function outcome(hash, state) {
  try {
    const opened = await decodeState(hash);
    return JSON.stringify(opened) === JSON.stringify(state) ? "same" : "DIFFERENT";
  } catch (error) {
    assert.equal(error.message, DAMAGED_LINK);
    return "damaged";
  }
}

/** Deflate's raw stream and gzip's, as links: what version 1 made and what version 2 makes. */
async function link(payload, format) {
  const stream = new Blob([new TextEncoder().encode(JSON.stringify(payload))]).stream();
  const bytes = new Uint8Array(await new Response(stream.pipeThrough(new CompressionStream(format))).arrayBuffer());
  return "#s=" + Buffer.from(bytes).toString("base64url");
}

test("a link altered at any position opens as its own state or as damaged, never as other text", async () => {
  const state = await realState();
  const whole = await encodeState(state);
  assert.ok(whole.length > 40_000, `a link of real size (${whole.length} characters)`);
  assert.deepEqual(await decodeState(whole), state);
  const body = whole.length - 3;
  // Every position of the gzip header (10 bytes: 14 characters) and of the trailer (the CRC-32
  // and the length: the last 11 characters), and every 499th of the compressed body in between.
  const positions = new Set();
  for (let i = 0; i < 16; i++) positions.add(3 + i);
  for (let i = 1; i <= 16; i++) positions.add(whole.length - i);
  for (let i = 3; i < whole.length; i += 499) positions.add(i);
  const counts = { same: 0, damaged: 0, DIFFERENT: 0 };
  const lies = [];
  const unchanged = [];
  const tally = (result, what, at) => {
    counts[result] += 1;
    if (result === "DIFFERENT") lies.push(what);
    if (result === "same") unchanged.push(at);
  };
  for (const at of positions) {
    const was = whole[at];
    // Three other characters at each place: the next, one far off, and the mirror in the alphabet.
    const index = BASE64URL.indexOf(was);
    for (const step of [1, 17, 63]) {
      const now = BASE64URL[(index + step) % 64];
      tally(await outcome(whole.slice(0, at) + now + whole.slice(at + 1), state), `${at}:${was}->${now}`, at);
    }
    tally(await outcome(whole.slice(0, at) + whole.slice(at + 1), state), `${at}: dropped`, at);
    tally(await outcome(whole.slice(0, at) + "A" + whole.slice(at), state), `${at}: A added`, at);
  }
  for (const keep of [body - 1, body - 4, body - 11, Math.floor(body / 2), 14, 1]) {
    tally(await outcome(whole.slice(0, 3 + keep), state), `cut to ${keep}`, 3 + keep);
  }
  console.log(
    `# share link of ${whole.length} characters altered ${Object.values(counts).reduce((a, b) => a + b)} ways: ${JSON.stringify(counts)}`,
  );
  assert.deepEqual(lies, [], "an altered link opened as other text");
  // A change may leave the state's bytes alone only in what they do not depend on: the gzip
  // header's flags, time and system bytes (its first 14 characters), and at the very end the
  // compressed data's padding bits and the last character's spare bits (or, in Node, bytes after
  // the gzip trailer, which Node's decoder ignores and Chromium's refuses).
  const harmless = (at) => at < 3 + 14 || at >= whole.length - 16;
  assert.deepEqual(
    unchanged.filter((at) => !harmless(at)),
    [],
    "changed bytes that opened as the same state",
  );
  assert.ok(counts.damaged > positions.size * 4, JSON.stringify(counts));
});

test("version 1 links still open, and each version is read only in its own framing", async () => {
  const state = { old: '{"tools":[]}', new: '{"tools":[{"name":"a"}]}', config: "" };
  assert.deepEqual(await decodeState(await link({ v: 1, ...state }, "deflate-raw")), state);
  // A version 2 state without its checksum, or a version 1 state in gzip, was not made by any
  // playground: damage.
  for (const odd of [await link({ v: 2, ...state }, "deflate-raw"), await link({ v: 1, ...state }, "gzip")]) {
    assert.equal(await outcome(odd, state), "damaged");
  }
  await assert.rejects(decodeState(await link({ v: 3, ...state }, "gzip")), { message: NEWER_LINK });
  assert.match(await encodeState(state), /^#s=H4sI/, "links are made as gzip (whose first bytes are 1f 8b 08)");
});
