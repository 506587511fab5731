// Where the wasm module's bytes go: `make wasm-size` (part of `make bench`) runs this after
// printing the module's total. Prints a table; asserts nothing.
//
// It reads the module as cargo leaves it (target/wasm32-unknown-unknown/release/, which still
// has its name section; `make build` strips it for pkg/), groups the functions by crate and, for
// this crate, by module, and gives each group its raw bytes and its share of the compressed
// module: the compressed size of the code and data with the group's bytes zeroed, subtracted
// from that of the whole. The shares overlap a little (deflate finds repeats across groups),
// so they do not add up to the total exactly; they rank what to cut. The shipped module's own
// figure is `gzip -9` of pkg/mcp_contract_bg.wasm, printed by `make wasm-size` just before;
// cargo's module also holds wasm-bindgen's `__wbindgen_describe*` functions, which the
// wasm-bindgen CLI removes (part of the "exports and wasm-bindgen glue" group).
//
// usage: node scripts/wasm-size.mjs [module.wasm] [--top N]   (N: also list the N functions
// with the largest shares)
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { deflateRawSync } from "node:zlib";
import { importedFunctions, sections, uleb } from "./wasm-sections.mjs";
import { targetDir } from "./target-dir.mjs";

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const topAt = args.indexOf("--top");
const top = topAt < 0 ? 0 : Number(args.splice(topAt, 2)[1]);
const path = args[0] ?? join(targetDir(), "wasm32-unknown-unknown", "release", "mcp_contract.wasm");
if (!existsSync(path)) {
  console.log(`no ${path}: run \`make build\` first; skipping the size breakdown`);
  process.exit(0);
}
const bytes = readFileSync(path);

// Sections: the code section's function bodies, the data section, the name section's names.
let imports = 0;
let bodies = [];
let data = null;
let end = bytes.length;
const names = new Map();
for (const section of sections(bytes)) {
  if (section.id === 2) {
    imports = importedFunctions(bytes, section);
  } else if (section.id === 10) {
    let [count, p] = uleb(bytes, section.contents);
    for (; count > 0; count--) {
      const [len, q] = uleb(bytes, p);
      bodies.push([q, q + len]);
      p = q + len;
    }
  } else if (section.id === 11) {
    data = [section.contents, section.end];
  } else if (section.id === 0) {
    end = Math.min(end, section.start);
    if (section.name === "name") {
      for (let p = section.contents; p < section.end; ) {
        const sub = bytes[p];
        const [subSize, r] = uleb(bytes, p + 1);
        if (sub === 1) {
          let [count, s] = uleb(bytes, r);
          for (; count > 0; count--) {
            const [index, t] = uleb(bytes, s);
            const [len, u] = uleb(bytes, t);
            names.set(index, bytes.toString("utf8", u, u + len));
            s = u + len;
          }
        }
        p = r + subSize;
      }
    }
  }
}
if (names.size === 0) {
  console.log(`${path} has no name section (pkg/ strips it); pass the module cargo built`);
  process.exit(0);
}

const module = bytes.subarray(0, end);
const squeezed = (buffer) => deflateRawSync(buffer, { level: 9 }).length;
const whole = squeezed(module);

// Symbol names as the linker left them (Rust's legacy `_ZN…E` and v0 `_R…` manglings) made
// readable enough to group and list: the path's identifiers joined by `::`, without the hash.
const LEGACY_ESCAPES = { LT: "<", GT: ">", RF: "&", BP: "*", C: ",", SP: "@", u20: " ", u27: "'", u5b: "[", u5d: "]", u7b: "{", u7d: "}", u7e: "~" };
function demangle(symbol) {
  const legacy = symbol.startsWith("_ZN");
  if (!legacy && !symbol.startsWith("_R")) return symbol;
  let rest = legacy ? symbol.slice(3) : symbol.slice(2).replace(/^.*?C[s]?[0-9A-Za-z]*_(?=\d)/, "");
  const parts = [];
  for (let m; (m = /^(\d+)/.exec(rest)); ) {
    const len = Number(m[1]);
    const ident = rest.slice(m[1].length, m[1].length + len);
    rest = rest.slice(m[1].length + len);
    parts.push(ident);
    if (!legacy) rest = rest.replace(/^[A-Za-z]+(?=\d)/, "").replace(/^[^0-9]*?_(?=\d)/, (x) => (/^C/.test(x) ? "" : x));
  }
  if (parts.length === 0) return symbol;
  if (legacy && /^h[0-9a-f]{16}$/.test(parts.at(-1))) parts.pop();
  const text = parts
    .join("::")
    .replace(/\$([A-Za-z0-9]+)\$/g, (x, code) => LEGACY_ESCAPES[code] ?? x)
    .replace(/\.\./g, "::")
    .replace(/(^|::)_(?=<)/g, "$1");
  return text;
}

// Groups: another crate's functions under the crate, this crate's under its first module.
function group(name) {
  // `<Type as crate::Trait>::method` and the like: the first path in the name decides.
  const path = /([a-z_][a-z0-9_]*)(?:\[[0-9a-f]+\])?::([A-Za-z_][A-Za-z0-9_]*)/.exec(name);
  if (!path || name.startsWith("__wbindgen") || name.startsWith("__wbg")) return "(exports and wasm-bindgen glue)";
  return path[1] === "mcp_contract" ? `mcp_contract::${path[2]}` : path[1];
}
const groups = new Map();
bodies.forEach(([from, to], i) => {
  const name = demangle(names.get(imports + i) ?? `function ${imports + i}`);
  const key = group(name);
  if (!groups.has(key)) groups.set(key, { ranges: [], raw: 0 });
  const entry = groups.get(key);
  entry.ranges.push([from, to, name]);
  entry.raw += to - from;
});
if (data) groups.set("data (strings, tables)", { ranges: [[data[0], data[1], "data"]], raw: data[1] - data[0] });

function share(ranges) {
  const copy = Buffer.from(module);
  for (const [from, to] of ranges) copy.fill(0, from, to);
  return whole - squeezed(copy);
}
const rows = [...groups].map(([key, { ranges, raw }]) => ({ key, raw, share: share(ranges) }));
rows.sort((a, b) => b.share - a.share || a.key.localeCompare(b.key));

const pad = (text, width) => String(text).padEnd(width);
const num = (value, width) => value.toLocaleString("en-US").padStart(width);
console.log(`\nwasm module by group (${path.replace(repoRoot + "/", "")}: code and data ${num(module.length, 0)} bytes, ${num(whole, 0)} deflated)`);
console.log(`${pad("group", 40)} ${"raw".padStart(9)} ${"deflated share".padStart(15)}`);
for (const row of rows.filter((r) => r.share >= 500)) {
  console.log(`${pad(row.key, 40)} ${num(row.raw, 9)} ${num(row.share, 15)}`);
}
const rest = rows.filter((r) => r.share < 500);
console.log(`${pad(`${rest.length} smaller groups`, 40)} ${num(rest.reduce((s, r) => s + r.raw, 0), 9)}`);

if (top > 0) {
  const biggest = [...groups.values()].flatMap((g) => g.ranges).sort((a, b) => b[1] - b[0] - (a[1] - a[0]));
  const shares = biggest.slice(0, top * 3).map(([from, to, name]) => ({ name, raw: to - from, share: share([[from, to]]) }));
  shares.sort((a, b) => b.share - a.share);
  console.log(`\nlargest functions by deflated share`);
  for (const row of shares.slice(0, top)) console.log(`${pad(row.name.slice(0, 80), 80)} ${num(row.raw, 7)} ${num(row.share, 7)}`);
}
