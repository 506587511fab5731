//! What a captured snapshot may not hold, checked before it is printed or written: a string
//! `diff` would refuse (a lone surrogate), a number `diff` would refuse (past a double's range:
//! JSON.parse turns `1e400` into Infinity, which JSON.stringify would write as `null`), and a
//! secret given to this capture. Each is refused with the JSON pointer of where it is.

/** A lone UTF-16 surrogate: valid in a JS string, not encodable as UTF-8, refused by `diff`. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Throws an Error (code 'REFUSED') naming the first problem in `snapshot`, or returns.
 * `redactor.find(text)` says whether a text holds a secret, and whose (lib/redact.js).
 */
export function refuseUnsafe(snapshot, redactor) {
  const stack = [[snapshot, '']];
  while (stack.length) {
    const [value, pointer] = stack.pop();
    if (typeof value === 'string') checkString(value, pointer, redactor);
    else if (typeof value === 'number' && !Number.isFinite(value)) {
      refuse(`a number out of range at ${at(pointer)} (JSON numbers past a double's range, such as 1e400, cannot be compared; diff refuses them too)`);
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push([value[i], `${pointer}/${i}`]);
    } else if (value !== null && typeof value === 'object') {
      const keys = Object.keys(value);
      for (let i = keys.length - 1; i >= 0; i--) {
        const child = `${pointer}/${keys[i].replace(/~/g, '~0').replace(/\//g, '~1')}`;
        checkString(keys[i], child, redactor, 'key');
        stack.push([value[keys[i]], child]);
      }
    }
  }
}

function checkString(text, pointer, redactor, what = 'string') {
  if (LONE_SURROGATE.test(text)) {
    refuse(`a ${what} with a lone UTF-16 surrogate at ${at(pointer)} (not valid Unicode text; diff refuses it too)`);
  }
  const source = redactor.find(text);
  if (source) {
    const which = typeof source === 'string' ? ` ${source}` : '';
    refuse(`a secret${which} (or a form of it: without its scheme word, URL-encoded, JSON-escaped, hex, base64, with _ for - or in another case) at ${at(pointer)}; the snapshot is not written, so that the secret is never committed (stop the server from echoing it${/^from the environment variable/.test(source) ? ', or, if that variable holds no secret, run without it' : ''})`);
  }
}

// A pointer that itself holds a secret or a lone surrogate is made printable by the caller's
// redaction; lone surrogates are shown as escapes.
function at(pointer) {
  return pointer === '' ? 'the document root' : pointer.replace(/[\uD800-\uDFFF]/g, (c) => `\\u${c.charCodeAt(0).toString(16)}`);
}

function refuse(message) {
  const error = new Error(`its answer holds ${message}`);
  error.code = 'REFUSED';
  throw error;
}
