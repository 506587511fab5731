//! Maps an RFC 6901 JSON pointer to a character range in the editor's text, so a change can be
//! highlighted where it happened. JSON text is scanned exactly; YAML gets a best-effort key search.

/** Containers nested deeper than this are not indexed (the engine rejects them long before). */
const MAX_DEPTH = 256;

/** Splits a pointer into unescaped reference tokens; `""` is the whole document. */
export function pointerTokens(pointer) {
  if (pointer === "") return [];
  return pointer
    .slice(1)
    .split("/")
    .map((token) => token.replace(/~1/g, "/").replace(/~0/g, "~"));
}

/**
 * An index of one JSON text: every value's span and, for object members, where the key starts.
 * On a syntax error the index is empty: the engine reports the error, nothing is highlighted.
 */
export class JsonIndex {
  constructor(text) {
    this.text = text;
    this.pos = 0;
    this.root = null;
    try {
      this.skipSpace();
      this.root = this.value(0);
    } catch {
      this.root = null;
    }
  }

  /** `{from, to, exact}` for the pointer, or null when not even the root could be read. */
  locate(pointer) {
    let node = this.root;
    if (!node) return null;
    let from = node.from;
    for (const token of pointerTokens(pointer)) {
      const child = node.children?.get(token);
      if (!child) return { from, to: node.to, exact: false };
      node = child;
      from = child.keyFrom ?? child.from;
    }
    return { from, to: node.to, exact: true };
  }

  fail() {
    throw new SyntaxError(`unexpected input at ${this.pos}`);
  }

  skipSpace() {
    const text = this.text;
    while (this.pos < text.length && " \t\n\r".includes(text[this.pos])) this.pos++;
  }

  value(depth) {
    const start = this.pos;
    const ch = this.text[this.pos];
    if (ch === "{" || ch === "[") {
      if (depth >= MAX_DEPTH) this.fail();
      return ch === "{" ? this.object(depth) : this.array(depth);
    }
    if (ch === '"') {
      this.string();
    } else {
      const match = /^(?:-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null)/.exec(this.text.slice(start, start + 400));
      if (!match) this.fail();
      this.pos += match[0].length;
    }
    return { from: start, to: this.pos };
  }

  string() {
    const text = this.text;
    const start = ++this.pos;
    let raw = true;
    while (this.pos < text.length && text[this.pos] !== '"') {
      if (text[this.pos] === "\\") {
        raw = false;
        this.pos++;
      }
      this.pos++;
    }
    if (this.pos >= text.length) this.fail();
    this.pos++;
    const body = text.slice(start, this.pos - 1);
    return raw ? body : JSON.parse(`"${body}"`);
  }

  object(depth) {
    const node = { from: this.pos, to: this.pos, children: new Map() };
    this.pos++;
    this.skipSpace();
    if (this.text[this.pos] === "}") {
      node.to = ++this.pos;
      return node;
    }
    for (;;) {
      this.skipSpace();
      const keyFrom = this.pos;
      if (this.text[this.pos] !== '"') this.fail();
      const key = this.string();
      this.skipSpace();
      if (this.text[this.pos] !== ":") this.fail();
      this.pos++;
      this.skipSpace();
      const child = this.value(depth + 1);
      child.keyFrom = keyFrom;
      node.children.set(key, child);
      node.to = this.pos;
      this.skipSpace();
      const next = this.text[this.pos++];
      if (next === "}") break;
      if (next !== ",") this.fail();
    }
    node.to = this.pos;
    return node;
  }

  array(depth) {
    const node = { from: this.pos, to: this.pos, children: new Map() };
    this.pos++;
    this.skipSpace();
    if (this.text[this.pos] === "]") {
      node.to = ++this.pos;
      return node;
    }
    for (let i = 0; ; i++) {
      this.skipSpace();
      node.children.set(String(i), this.value(depth + 1));
      node.to = this.pos;
      this.skipSpace();
      const next = this.text[this.pos++];
      if (next === "]") break;
      if (next !== ",") this.fail();
    }
    node.to = this.pos;
    return node;
  }
}

/** True when the text is JSON rather than YAML (JSON documents here are objects or arrays). */
export function looksLikeJson(text) {
  return /^\s*[[{]/.test(text);
}

const YAML_KEY = /^("[^"]*"|'[^']*'|[^\s:#"'][^:#]*?)\s*:(?:\s|$)/;

/** One YAML line: leading spaces, whether it opens a sequence item, and the key it holds. */
function yamlLine(line) {
  const [, lead, dashes, rest] = /^( *)((?:-(?: +|$))*)(.*)$/.exec(line);
  const key = YAML_KEY.exec(rest);
  return {
    lead: lead.length,
    keyCol: lead.length + dashes.length,
    dash: dashes.length > 0,
    key: key ? key[1].replace(/^(["'])(.*)\1$/, "$2") : null,
    content: dashes.length > 0 || (rest.trim() !== "" && !rest.startsWith("#")),
  };
}

/**
 * The last line of the block opened at `start` by an entry at `column`: its body is indented
 * deeper, except that a key's sequence may sit at the key's own column (`key:\n- item`).
 */
function yamlBlockEnd(info, start, limit, column, sameColumnItems) {
  let end = start;
  for (let i = start + 1; i <= limit; i++) {
    const line = info[i];
    if (!line.content) continue;
    if (line.lead < column || (line.lead === column && !(sameColumnItems && line.dash))) break;
    end = i;
  }
  return end;
}

/**
 * Best-effort YAML lookup over block-style text: a key token is found at the column of its
 * block's first key, an index token as the n-th `- ` item. Flow style resolves to the parent.
 */
export function locateYaml(text, pointer) {
  const lines = text.split("\n");
  const info = lines.map(yamlLine);
  let first = 0;
  let last = lines.length - 1;
  let childStart = 0;
  let exact = true;
  for (const token of pointerTokens(pointer)) {
    let head = childStart;
    while (head <= last && !info[head].content) head++;
    let found = -1;
    if (head <= last && /^\d+$/.test(token) && info[head].dash) {
      let seen = -1;
      for (let i = head; i <= last && found < 0; i++) {
        if (info[i].dash && info[i].lead === info[head].lead && ++seen === Number(token)) found = i;
      }
      if (found >= 0) last = yamlBlockEnd(info, found, last, info[found].lead, false);
      childStart = found;
    } else if (head <= last) {
      const column = info[head].keyCol;
      for (let i = head; i <= last && found < 0; i++) {
        if (info[i].key === token && info[i].keyCol === column) found = i;
      }
      if (found >= 0) last = yamlBlockEnd(info, found, last, info[found].keyCol, true);
      childStart = found + 1;
    }
    if (found < 0) {
      exact = false;
      break;
    }
    first = found;
  }
  const starts = [];
  let offset = 0;
  for (const line of lines) {
    starts.push(offset);
    offset += line.length + 1;
  }
  return { from: starts[first], to: starts[last] + lines[last].length, exact };
}

/** Locates a pointer in JSON or YAML text; null when there is nothing to point at. */
export function locate(text, pointer, index = null) {
  if (pointer === null || pointer === undefined) return null;
  if (looksLikeJson(text)) return (index ?? new JsonIndex(text)).locate(pointer);
  return locateYaml(text, pointer);
}
