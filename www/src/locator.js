//! Maps RFC 6901 JSON pointers to character ranges in a document's text, so a change can be
//! highlighted where it happened. One pass over a text locates every pointer a report needs:
//! exact for JSON (minified or not), best effort for block-style YAML.

/** Splits a pointer into unescaped reference tokens; `""` is the whole document. */
export function pointerTokens(pointer) {
  if (pointer === "") return [];
  return pointer
    .slice(1)
    .split("/")
    .map((token) => token.replace(/~1/g, "/").replace(/~0/g, "~"));
}

const QUOTE = 34;
const BACKSLASH = 92;
const COMMA = 44;
const COLON = 58;
const OPEN_BRACE = 123;
const CLOSE_BRACE = 125;
const OPEN_BRACKET = 91;
const CLOSE_BRACKET = 93;
const isSpace = (code) => code === 32 || code === 10 || code === 13 || code === 9;
const endsScalar = (code) =>
  Number.isNaN(code) || isSpace(code) || code === COMMA || code === CLOSE_BRACE || code === CLOSE_BRACKET;

/** A trie of the pointers asked for: `{children: Map<token, trie>, node: span found | null}`. */
function pointerTrie(pointers) {
  const root = { children: new Map(), node: null };
  for (const pointer of pointers) {
    if (pointer === null || pointer === undefined) continue;
    let trie = root;
    for (const token of pointerTokens(pointer)) {
      if (!trie.children.has(token)) trie.children.set(token, { children: new Map(), node: null });
      trie = trie.children.get(token);
    }
  }
  return root;
}

/** The span found for a pointer, or its deepest found ancestor's with `exact: false`. */
function lookup(trie, pointer) {
  if (!trie.node) return null;
  let found = trie.node;
  for (const token of pointerTokens(pointer)) {
    trie = trie.children.get(token);
    if (!trie?.node) return { ...found, exact: false };
    found = trie.node;
  }
  return { ...found, exact: true };
}

/**
 * One pass over a JSON text that records the spans of the asked-for pointers only: values off
 * every asked-for path are skipped by a bracket-and-string scan (no recursion, no allocation), so
 * the pass costs the text's length whatever the number of pointers. Throws on a syntax error.
 */
class JsonScan {
  constructor(text) {
    this.text = text;
    this.pos = 0;
  }

  fail() {
    throw new SyntaxError(`unexpected input at ${this.pos}`);
  }

  space() {
    while (isSpace(this.text.charCodeAt(this.pos))) this.pos++;
  }

  /** Moves past the string whose opening quote is at `pos`. */
  skipString() {
    const text = this.text;
    let at = this.pos + 1;
    for (;;) {
      const quote = text.indexOf('"', at);
      if (quote < 0) this.fail();
      let slashes = 0;
      for (let i = quote - 1; text.charCodeAt(i) === BACKSLASH; i--) slashes++;
      at = quote + 1;
      if (slashes % 2 === 0) break;
    }
    this.pos = at;
  }

  /** Moves past any value at `pos`, containers included. */
  skipValue() {
    const text = this.text;
    const code = text.charCodeAt(this.pos);
    if (code === QUOTE) return this.skipString();
    if (code !== OPEN_BRACE && code !== OPEN_BRACKET) {
      const start = this.pos;
      while (!endsScalar(text.charCodeAt(this.pos))) this.pos++;
      if (this.pos === start) this.fail();
      return;
    }
    // Only quotes and brackets matter inside a skipped container: jump from one to the next.
    const structural = /["{}[\]]/g;
    let depth = 0;
    do {
      structural.lastIndex = this.pos;
      if (!structural.exec(text)) this.fail();
      this.pos = structural.lastIndex - 1;
      const c = text.charCodeAt(this.pos);
      if (c === QUOTE) {
        this.skipString();
        continue;
      }
      if (c === OPEN_BRACE || c === OPEN_BRACKET) depth++;
      else depth--;
      this.pos++;
    } while (depth > 0);
  }

  /** Reads the value at `pos` into `trie.node`, descending only into asked-for members. */
  value(trie, keyFrom) {
    const from = this.pos;
    const code = this.text.charCodeAt(from);
    if (trie.children.size === 0 || (code !== OPEN_BRACE && code !== OPEN_BRACKET)) this.skipValue();
    else if (code === OPEN_BRACE) this.members(trie);
    else this.items(trie);
    trie.node = { from, to: this.pos, keyFrom };
  }

  members(trie) {
    const text = this.text;
    this.pos++;
    this.space();
    if (text.charCodeAt(this.pos) === CLOSE_BRACE) {
      this.pos++;
      return;
    }
    for (;;) {
      this.space();
      const keyFrom = this.pos;
      if (text.charCodeAt(keyFrom) !== QUOTE) this.fail();
      this.skipString();
      let key = text.slice(keyFrom + 1, this.pos - 1);
      if (key.includes("\\")) key = JSON.parse(`"${key}"`);
      this.space();
      if (text.charCodeAt(this.pos) !== COLON) this.fail();
      this.pos++;
      this.space();
      const child = trie.children.get(key);
      if (child) this.value(child, keyFrom);
      else this.skipValue();
      this.space();
      const next = text.charCodeAt(this.pos++);
      if (next === CLOSE_BRACE) return;
      if (next !== COMMA) this.fail();
    }
  }

  items(trie) {
    const text = this.text;
    this.pos++;
    this.space();
    if (text.charCodeAt(this.pos) === CLOSE_BRACKET) {
      this.pos++;
      return;
    }
    for (let i = 0; ; i++) {
      this.space();
      const child = trie.children.get(String(i));
      if (child) this.value(child, this.pos);
      else this.skipValue();
      this.space();
      const next = text.charCodeAt(this.pos++);
      if (next === CLOSE_BRACKET) return;
      if (next !== COMMA) this.fail();
    }
  }
}

/**
 * Locates many pointers in one JSON text with one pass: a Map from each pointer to
 * `{from, to, keyFrom, exact}` (`from`–`to` the value's own span, `keyFrom` where its member
 * starts: its key, or the value itself for an array item). A missing pointer maps to its deepest
 * present ancestor with `exact: false`; on a syntax error every pointer maps to null (the engine
 * reports the error itself).
 */
export function locateJsonAll(text, pointers) {
  const trie = pointerTrie(pointers);
  const scan = new JsonScan(text);
  try {
    scan.space();
    scan.value(trie, scan.pos);
  } catch {
    trie.node = null;
  }
  return new Map(pointers.map((pointer) => [pointer, pointer == null ? null : lookup(trie, pointer)]));
}

/** True when the text is JSON rather than YAML (JSON documents here are objects or arrays). */
export function looksLikeJson(text) {
  return /^\s*[[{]/.test(text.slice(0, 4096));
}

/** A mapping key at the start of `body` (quoted, or plain up to `: `) and the `:` after it. */
const YAML_KEY =
  /^("(?:[^"\\]|\\.)*"|'(?:[^']|'')*'|(?:[^\s\-?:,[\]{}#&*!|>'"%@`]|[-?:](?=\S))(?:[^:#]|:(?=\S)|(?<=\S)#)*?)[ \t]*:(?=\s|$)[ \t]*/;
const YAML_DASH = /^-(?:[ \t]+|$)/;

function unquote(key) {
  try {
    if (key.startsWith('"')) return JSON.parse(key);
  } catch {
    return key.slice(1, -1);
  }
  if (key.startsWith("'")) return key.slice(1, -1).replace(/''/g, "'");
  return key.trimEnd();
}

/**
 * Locates many pointers in block-style YAML with one pass over its lines: mapping keys and `- `
 * sequence items on an asked-for path become spans from their key (or `- `) to their last line;
 * every line inside a member off those paths is skipped after counting its indentation. Flow
 * collections (`[a, b]`, `{a: 1}`), block scalars (`|`, `>`) and multi-line plain scalars are
 * leaves: a pointer into them stops at their member (`exact: false`).
 */
export function locateYamlAll(text, pointers) {
  const trie = pointerTrie(pointers);
  trie.node = { from: 0, to: text.length, keyFrom: 0 };
  // Open containers, outermost first: `{trie, column, kind: "map"|"seq", count, last}`, where
  // `last` is the container's latest entry `{trie, column, isKey}` (`trie` null: not asked for).
  const stack = [{ trie, column: -1, kind: null, count: 0, last: null }];
  const extendTo = (to) => {
    for (const frame of stack) if (frame.last?.trie) frame.last.trie.node.to = to;
  };
  // Lines indented deeper than `skipColumn` belong to a member nobody asked about, or to a block
  // scalar; `skipItems` also skips `- ` items at that column (a key's same-column sequence).
  let skipColumn = -1;
  let skipItems = false;
  for (let lineFrom = 0; lineFrom <= text.length;) {
    let lineEnd = text.indexOf("\n", lineFrom);
    if (lineEnd < 0) lineEnd = text.length;
    const lineTo = text.charCodeAt(lineEnd - 1) === 13 ? lineEnd - 1 : lineEnd;
    const from = lineFrom;
    lineFrom = lineEnd + 1;
    let lead = from;
    while (text.charCodeAt(lead) === 32) lead++;
    const first = text.charCodeAt(lead);
    if (lead >= lineTo || first === 35 /* # */ || first === 9) continue;
    const column = lead - from;
    if (skipColumn >= 0) {
      const dashHere = first === 45 && (lead + 1 >= lineTo || text.charCodeAt(lead + 1) === 32);
      if (column > skipColumn || (column === skipColumn && skipItems && dashHere)) {
        extendTo(lineTo);
        continue;
      }
      skipColumn = -1;
    }
    let body = text.slice(lead, lineTo);
    if (column === 0 && (body.startsWith("---") || body.startsWith("..."))) continue;
    let at = column;
    // One line may open several levels: `- - key: value`, `- name: x`.
    for (;;) {
      const dash = YAML_DASH.exec(body);
      const key = dash ? null : YAML_KEY.exec(body);
      if (!dash && !key) break;
      const kind = dash ? "seq" : "map";
      while (stack.length > 1) {
        const top = stack.at(-1);
        if (top.column > at || (top.column === at && top.kind === "seq" && kind === "map")) stack.pop();
        else break;
      }
      let top = stack.at(-1);
      if (top.column < at) {
        stack.push((top = { trie: top.last ? top.last.trie : top.trie, column: at, kind, count: 0, last: null }));
      } else if (top.kind === "map" && kind === "seq" && top.last) {
        // `key:` followed by items at the key's own column: the items belong to that key.
        stack.push((top = { trie: top.last.trie, column: at, kind, count: 0, last: null }));
      }
      const consumed = (dash ?? key)[0].length;
      const keyFrom = from + at;
      body = body.slice(consumed);
      at += consumed;
      const name = dash ? String(top.count++) : unquote(key[1]);
      const childTrie = top.trie?.children.get(name) ?? null;
      if (childTrie) childTrie.node = { from: body ? from + at : keyFrom, to: lineTo, keyFrom };
      top.last = { trie: childTrie, column: at - consumed, isKey: !dash };
      if (!childTrie || (!dash && /^[|>]/.test(body))) {
        skipColumn = at - consumed;
        skipItems = !dash;
        break;
      }
      if (!dash) break;
    }
    extendTo(lineTo);
  }
  return new Map(pointers.map((pointer) => [pointer, pointer == null ? null : lookup(trie, pointer)]));
}

/** Locates many pointers in JSON or YAML text with one pass over it (see `locateJsonAll`). */
export function locateAll(text, pointers) {
  return looksLikeJson(text) ? locateJsonAll(text, pointers) : locateYamlAll(text, pointers);
}

/** Locates one pointer in JSON or YAML text; null when there is nothing to point at. */
export function locate(text, pointer) {
  if (pointer === null || pointer === undefined) return null;
  return locateAll(text, [pointer]).get(pointer);
}
