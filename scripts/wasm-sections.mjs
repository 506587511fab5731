// Reading a wasm module's sections, for the build and size scripts (compile-hints.mjs,
// wasm-size.mjs) and their tests: unsigned LEB128 numbers, the section list and the number of
// functions a module imports.

/** The unsigned LEB128 number at `at`: `[value, the offset after it]`. */
export function uleb(bytes, at) {
  let value = 0;
  for (let shift = 0; ; shift += 7) {
    const byte = bytes[at++];
    value += (byte & 0x7f) * 2 ** shift;
    if (byte < 0x80) return [value, at];
  }
}

/** `value` as unsigned LEB128 bytes. */
export function ulebBytes(value) {
  const out = [];
  do {
    let byte = value & 0x7f;
    value = Math.floor(value / 128);
    if (value > 0) byte |= 0x80;
    out.push(byte);
  } while (value > 0);
  return out;
}

/**
 * The module's sections in order, as `{ id, start, contents, end, name? }`: `start` is the id
 * byte, `contents` the first byte after the size (for a custom section, after its name too),
 * `end` the byte after the section; `name` is a custom section's name.
 */
export function sections(bytes) {
  const list = [];
  for (let at = 8; at < bytes.length; ) {
    const id = bytes[at];
    const [size, contents] = uleb(bytes, at + 1);
    const section = { id, start: at, contents, end: contents + size };
    if (id === 0) {
      const [length, name] = uleb(bytes, contents);
      section.name = bytes.toString("utf8", name, name + length);
      section.contents = name + length;
    }
    list.push(section);
    at = section.end;
  }
  return list;
}

/** How many functions the import section `section` imports (tables, memories and globals skipped). */
export function importedFunctions(bytes, section) {
  const skipLimits = (at) => {
    const flags = bytes[at];
    let next = uleb(bytes, at + 1)[1];
    if (flags & 1) next = uleb(bytes, next)[1];
    return next;
  };
  let functions = 0;
  let [count, at] = uleb(bytes, section.contents);
  for (; count > 0; count--) {
    for (let name = 0; name < 2; name++) {
      const [length, next] = uleb(bytes, at);
      at = next + length;
    }
    const kind = bytes[at++];
    // Each kind's description: function (type index), table (reftype + limits), memory
    // (limits), global (type + mutability), tag (attribute + type index).
    if (kind === 0) functions++;
    if (kind === 0) at = uleb(bytes, at)[1];
    else if (kind === 1) at = skipLimits(at + 1);
    else if (kind === 2) at = skipLimits(at);
    else if (kind === 3) at += 2;
    else at = uleb(bytes, at + 1)[1];
  }
  return functions;
}
