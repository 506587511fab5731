//! Redaction by value: every secret of a capture (each `--header` value, each value of a
//! secret-looking environment variable or `--secret-env` variable, each value of a
//! secret-looking `--url` query parameter or path segment) and the semantic API key is hidden
//! in every form a server or a proxy may echo it in, not only byte for byte. `secretForms` says
//! which forms; each is also looked for in the text as a JSON or HTML decoder reads it, line
//! breaks taken out (`redactDecoded`), which no list of forms could cover: escapes mix freely.
import { transformingStream } from './errors.js';

const MIN_SECRET_CHARS = 4; // shorter forms would blank out ordinary words; no real secret is that short
// A variable is a secret because of its name, not because the user named it: a short value
// (`PASS=1`, `AUTH_TOKEN=none`) would blank out ordinary words, and refuse snapshots that hold them.
export const MIN_NAMED_SECRET_CHARS = 8;
// Base64 forms are searched for from this length: a shorter secret's base64 fragments are a few
// characters that ordinary text holds by chance.
const MIN_BASE64_SOURCE_CHARS = 8;
const REPLACEMENT = '***';

// The last word of a secret-looking name (see `looksSecret`): exactly one of these…
const SECRET_WORDS = new Set(['KEY', 'PASS', 'PAT', 'AUTH', 'CREDENTIAL', 'PRIVATE']);
// …or one ending in one of these (`PGPASSWORD`, `GITHUBTOKEN`, `CLIENTSECRET`).
const SECRET_SUFFIXES = /(TOKEN|SECRET|PASSWORD|PASSWD|PASSPHRASE|APIKEY)$/;

/**
 * Whether an environment variable's (or a query parameter's) name says it holds a secret: its
 * last word, the name split at anything but letters and digits and where a lower-case letter
 * is followed by an upper-case one, upper-cased and without a plural `S`, is KEY, PASS, PAT,
 * AUTH, CREDENTIAL or PRIVATE, or ends with TOKEN, SECRET, PASSWORD, PASSWD, PASSPHRASE or
 * APIKEY. So API_TOKEN, OPENAI_API_KEY, AWS_SECRET_ACCESS_KEY, DB_PASSWORD, PGPASSWORD, GH_PAT,
 * npm_config__auth, GOOGLE_APPLICATION_CREDENTIALS and apiKey look secret; KEYBOARD_LAYOUT,
 * SSH_AUTH_SOCK, TOKEN_URL, PASSWORD_FILE and AWS_ACCESS_KEY_ID do not (their last word says
 * they hold something else: name those with --secret-env).
 */
export function looksSecret(name) {
  const words = String(name).replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase().split(/[^A-Z0-9]+/).filter(Boolean);
  const last = words.at(-1);
  if (last === undefined) return false;
  return [last, last.replace(/S$/, '')].some((word) => SECRET_WORDS.has(word) || SECRET_SUFFIXES.test(word));
}

/**
 * The secrets in an environment: `{ value, source }` for every variable whose name looks
 * secret (`looksSecret`) or is in `named`, with a value of at least MIN_NAMED_SECRET_CHARS
 * characters (a `named` one of at least MIN_SECRET_CHARS: the user said it is a secret).
 */
export function environmentSecrets(env, named = []) {
  const chosen = new Set(named);
  const secrets = [];
  for (const [name, value] of Object.entries(env ?? {})) {
    if (typeof value !== 'string') continue;
    if (chosen.has(name)) secrets.push({ value, source: `given with --secret-env ${name}` });
    else if (looksSecret(name) && value.length >= MIN_NAMED_SECRET_CHARS) {
      secrets.push({ value, source: `from the environment variable ${name} (its name looks secret)`, minChars: MIN_NAMED_SECRET_CHARS });
    }
  }
  return secrets;
}

// Prefixes that vendors put on their keys (OpenAI and Zapier `sk-`, Stripe `sk_`/`rk_`, GitHub,
// GitLab, Slack, Google), so that a key is known by its start even when it is short.
const KEY_PREFIXES = /^(sk-|sk_|rk_|ghp_|gho_|ghu_|ghs_|ghr_|github_pat_|glpat-|xox[abeoprs]-|AIza)/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether a `--url` path segment (percent-decoded) looks like a secret: hosted servers put the
 * key in the path (`/mcp/sk-ak-…/sse`, `/s/3f9a…/mcp`), where no name says so. It does when it
 * starts with a known key prefix (sk-, sk_, rk_, ghp_, gho_, ghu_, ghs_, ghr_, github_pat_,
 * glpat-, xoxb- and the other Slack ones, AIza) followed by at least 8 characters, is a UUID,
 * or holds a run of 32 or more hex digits or of 20 or more letters and digits with both in it.
 * Words, versions and dates (`mcp`, `v1`, `sse`, `2024-11-05`, `my-server-v2`) do not.
 */
export function looksSecretSegment(segment) {
  const text = String(segment);
  const prefix = KEY_PREFIXES.exec(text);
  if (prefix && text.length >= prefix[0].length + 8) return true;
  if (UUID.test(text)) return true;
  return (text.match(/[A-Za-z0-9]+/g) ?? []).some((run) => /[0-9a-f]{32}/i.test(run) || (run.length >= 20 && /[A-Za-z]/.test(run) && /[0-9]/.test(run)));
}

/** The secret-looking segments of a URL path (`looksSecretSegment`), percent-decoded. */
function pathSecrets(pathname) {
  return pathname.split('/').map(decodeSegment).filter((segment) => segment !== '' && looksSecretSegment(segment));
}

function decodeSegment(segment) {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** `path` (a URL's path, without query or fragment) with each secret-looking segment as `***`. */
function maskPath(path) {
  return path
    .split('/')
    .map((segment) => (segment !== '' && looksSecretSegment(decodeSegment(segment)) ? REPLACEMENT : segment))
    .join('/');
}

/**
 * The secrets of one capture, as makeRedactor takes them: each `--header` value (`options.headers`,
 * `{ name, env }`), the values of `env`'s secret-looking variables and of `options.secretEnv`
 * (names), the values of the `--url` query parameters whose names look secret and the `--url`
 * path segments that look secret (`looksSecretSegment`).
 */
export function captureSecrets(options, env = process.env) {
  const secrets = [];
  for (const { name, env: variable } of options.headers ?? []) {
    const value = env[variable];
    if (typeof value === 'string' && value !== '') secrets.push({ value, source: `given with --header ${name}=${variable}` });
  }
  secrets.push(...environmentSecrets(env, options.secretEnv));
  if (options.url !== undefined) {
    let url;
    try {
      url = new URL(options.url);
    } catch {
      url = undefined;
    }
    for (const [name, value] of url?.searchParams ?? []) {
      if (looksSecret(name) && value !== '') secrets.push({ value, source: `in the --url query parameter ${name}` });
    }
    for (const value of pathSecrets(url?.pathname ?? '')) secrets.push({ value, source: 'in the --url path' });
  }
  return secrets;
}

/**
 * The forms of one secret that are searched for: as given, with `_` for `-` and `-` for `_`
 * (names and ids get respelled so), without a leading scheme word (`Bearer abc` → `abc`),
 * URL-encoded as JavaScript, Python and HTML forms encode it (`urlForms`), JSON-escaped, hex of its
 * UTF-8 bytes, and, for a form of at least 8 characters, base64 and base64url, padded or not,
 * also as part of a longer base64 text (the secret's bytes at each of the three offsets in a
 * 3-byte group). Case is folded when matching, so upper- and lower-cased echoes (`%2f` for
 * `%2F`, upper-case hex) are found too. Forms shorter than `minChars` (default 4) are left out.
 */
export function secretForms(value, minChars = MIN_SECRET_CHARS) {
  const text = String(value ?? '');
  const bases = new Set([text, text.replace(/^\S+\s+/, '')].flatMap((base) => [base, base.replace(/-/g, '_'), base.replace(/_/g, '-')]));
  const forms = new Set();
  const min = Math.max(minChars, MIN_SECRET_CHARS);
  for (const base of bases) {
    if (base.length < min) continue;
    for (const form of [base, JSON.stringify(base).slice(1, -1), Buffer.from(base, 'utf8').toString('hex'), ...urlForms(base)]) forms.add(form);
    if (base.length >= MIN_BASE64_SOURCE_CHARS) for (const form of base64Forms(base)) forms.add(form);
  }
  return [...forms];
}

/**
 * `text` URL-encoded as the common encoders do it (JavaScript's encodeURIComponent and
 * encodeURI, Python's quote with and without `/` kept, HTML forms as URLSearchParams), each
 * with `%20` and with `+` for a space: they differ in which punctuation they leave as it is.
 */
function urlForms(text) {
  let component;
  try {
    component = encodeURIComponent(text);
  } catch {
    return []; // a lone surrogate: no encoder gets past it either
  }
  const escape = (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`;
  const unreserved = component.replace(/[!'()*]/g, escape); // Python's quote(text, safe='')
  const encoded = [component, encodeURI(text), unreserved, unreserved.replace(/%2F/g, '/'), component.replace(/[!'()~]/g, escape)];
  return encoded.flatMap((form) => [form, form.replace(/%20/g, '+')]);
}

/**
 * The base64 and base64url text that encodes `text`'s UTF-8 bytes wherever they sit in a longer
 * encoded text: for each offset (0, 1 or 2 bytes into a 3-byte group), the characters that
 * depend on those bytes alone. Padding and whatever follows are left out, so one form matches
 * the padded, the unpadded and the embedded encodings.
 */
function base64Forms(text) {
  const bytes = Buffer.from(text, 'utf8');
  const forms = [];
  for (const offset of [0, 1, 2]) {
    const encoded = Buffer.concat([Buffer.alloc(offset), bytes]).toString('base64');
    // Leading characters that hold bits of the filler bytes; trailing ones that hold bits of
    // what follows (or of the padding).
    const skip = Math.ceil((offset * 8) / 6);
    const end = Math.floor(((offset + bytes.length) * 8) / 6);
    const standard = encoded.slice(skip, end);
    forms.push(standard, standard.replace(/\+/g, '-').replace(/\//g, '_'));
  }
  return forms;
}

/**
 * A redactor for `secrets`: strings, or `{ value, source, minChars }` (empty values ignored).
 * `redact(text)` replaces every form with `***`; `find(text)` returns the `source` of the first
 * secret found (`true` for a plain string), or false. With no secrets both are no-ops.
 * `redact(text, { start, end })` is for a piece cut out of a longer text: a cut may split a
 * secret, and the piece then holds a part of it that no longer matches a whole form. With
 * `start`, leading characters that end a form are masked too, with `end` trailing characters
 * that begin one, from MIN_SECRET_CHARS characters (shorter ends are too likely to be chance).
 */
export function makeRedactor(secrets) {
  const entries = secrets
    .map((secret) => (secret !== null && typeof secret === 'object' ? secret : { value: secret }))
    .filter(({ value }) => typeof value === 'string' && value !== '');
  const sources = new Map(); // lower-cased form → source
  for (const { value, source, minChars } of entries) {
    for (const form of secretForms(value, minChars)) if (!sources.has(form.toLowerCase())) sources.set(form.toLowerCase(), source ?? true);
  }
  const forms = [...sources.keys()].sort((a, b) => b.length - a.length);
  if (forms.length === 0) return { active: false, redact: (text) => text, find: () => false };
  const pattern = new RegExp(forms.map(escapeRegExp).join('|'), 'giu');
  const redact = (text, cut) => {
    const redacted = redactDecoded(String(text), pattern).replace(pattern, REPLACEMENT);
    if (cut === null || typeof cut !== 'object') return redacted;
    return maskCutEnds(redacted, forms, Boolean(cut.start), Boolean(cut.end));
  };
  const firstMatch = (text) => {
    pattern.lastIndex = 0;
    const match = pattern.exec(text);
    pattern.lastIndex = 0;
    return match;
  };
  return {
    active: true,
    redact,
    find: (text) => {
      const match = firstMatch(String(text)) ?? firstMatch(decodedView(String(text))?.decoded ?? '');
      return match ? (sources.get(match[0].toLowerCase()) ?? true) : false;
    },
  };
}

// What a JSON or HTML decoder turns into one character (`\u0073`, `\/`, `&#115;`, `&#x73;`,
// `&amp;`), and line breaks, raw or escaped, which split a secret across lines (a wrapped
// token, a log line cut in two) and which no secret form holds.
const DECODABLE = /\\u[0-9a-f]{4}|\\[\\/"]|\\[nr]|[\r\n\u2028\u2029]|&#[0-9]{1,7};|&#x[0-9a-f]{1,6};|&(?:amp|lt|gt|quot|apos);/gi;
const ENTITIES = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** The character (or nothing, for a line break) one `DECODABLE` match stands for. */
function decodedOf(escape) {
  if (/^[\r\n\u2028\u2029]$|^\\[nr]$|^\\u(000[ad]|202[89])$/i.test(escape)) return '';
  if (escape[0] === '\\') return escape[1] === 'u' || escape[1] === 'U' ? String.fromCharCode(parseInt(escape.slice(2), 16)) : escape[1];
  const named = ENTITIES[escape.slice(1, -1).toLowerCase()];
  if (named !== undefined) return named;
  const code = escape[2] === 'x' || escape[2] === 'X' ? parseInt(escape.slice(3, -1), 16) : parseInt(escape.slice(2, -1), 10);
  return code <= 0x10ffff ? String.fromCodePoint(code) : escape;
}

/**
 * `text` as those decoders read it, with its line breaks taken out (`decoded`), and where each
 * piece of it came from (`pieces`: `[decodedStart, textStart, textEnd, escaped]`, in order);
 * `null` when `text` holds nothing to decode.
 */
function decodedView(text) {
  DECODABLE.lastIndex = 0;
  if (!DECODABLE.test(text)) return null;
  DECODABLE.lastIndex = 0;
  const pieces = [];
  let decoded = '';
  let copied = 0;
  for (const match of text.matchAll(DECODABLE)) {
    if (match.index > copied) {
      pieces.push([decoded.length, copied, match.index, false]);
      decoded += text.slice(copied, match.index);
    }
    pieces.push([decoded.length, match.index, match.index + match[0].length, true]);
    decoded += decodedOf(match[0]);
    copied = match.index + match[0].length;
  }
  if (copied < text.length) {
    pieces.push([decoded.length, copied, text.length, false]);
    decoded += text.slice(copied);
  }
  return { decoded, pieces };
}

/**
 * `text` with every match of `pattern` in its decoded view (`decodedView`) that an escape or
 * a line break is part of written `***` over the text it was decoded from: `sk-\u0061bc`,
 * `sk-&#97;bc` and `sk-a` + newline + `bc` all hide `sk-abc`. Matches without one are left to
 * the plain search.
 */
function redactDecoded(text, pattern) {
  const view = decodedView(text);
  if (view === null) return text;
  const { decoded, pieces } = view;
  // The piece that holds decoded offset `at` (the last that starts at or before it).
  const pieceAt = (at) => {
    let low = 0;
    let high = pieces.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (pieces[middle][0] <= at) low = middle;
      else high = middle - 1;
    }
    return low;
  };
  // Where decoded offset `at` is in `text`, as the start of a range (`end` false) or its end.
  const textOffset = (piece, at, end) => {
    const [start, textStart, textEnd, escaped] = pieces[piece];
    if (escaped) return end ? textEnd : textStart;
    return textStart + (at - start) + (end ? 1 : 0);
  };
  const ranges = [];
  pattern.lastIndex = 0;
  for (const match of decoded.matchAll(pattern)) {
    if (match[0] === '') continue;
    const [first, last] = [pieceAt(match.index), pieceAt(match.index + match[0].length - 1)];
    // Line breaks decode to nothing: a match that spans one has the pieces between its ends.
    const spans = pieces.slice(first, last + 1).some((piece) => piece[3]);
    if (spans) ranges.push([textOffset(first, match.index, false), textOffset(last, match.index + match[0].length - 1, true)]);
  }
  pattern.lastIndex = 0;
  if (ranges.length === 0) return text;
  let out = '';
  let copied = 0;
  for (const [start, end] of ranges) {
    if (end <= copied) continue;
    out += `${text.slice(copied, Math.max(start, copied))}${REPLACEMENT}`;
    copied = end;
  }
  return out + text.slice(copied);
}

/** `text` as a regular expression that matches it literally, with or without the u flag. */
export function escapeRegExp(text) {
  // `-` stays unescaped: it is literal outside a class, and `\-` is an error under the u flag.
  return text.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');
}

/**
 * `text` with its longest leading part that ends one of `forms` (lower-cased), when `start`, and
 * its longest trailing part that begins one, when `end`, as `***`: what a cut leaves of a secret.
 */
function maskCutEnds(text, forms, start, end) {
  // Lower-cased once, for the forms are; a text whose length lower-casing changes is compared as it is.
  const lowered = text.toLowerCase();
  const lower = lowered.length === text.length ? lowered : text;
  if (lower.length < MIN_SECRET_CHARS) return text;
  let head = 0;
  let tail = 0;
  // Each candidate starts where the piece's first (a form's first) MIN_SECRET_CHARS characters
  // occur, so that a long secret (a PEM key) costs a search, not a comparison per length.
  for (const form of forms) {
    // A piece cut at both ends may lie wholly inside a secret.
    if (start && end && form.length > lower.length && form.includes(lower)) return REPLACEMENT;
    if (start) {
      const first = lower.slice(0, MIN_SECRET_CHARS);
      for (let at = form.indexOf(first, 1); at > 0 && form.length - at > head; at = form.indexOf(first, at + 1)) {
        if (lower.startsWith(form.slice(at))) {
          head = form.length - at;
          break;
        }
      }
    }
    if (end) {
      const first = form.slice(0, MIN_SECRET_CHARS);
      for (let at = lower.indexOf(first, Math.max(0, lower.length - form.length + 1)); at >= 0 && lower.length - at > tail; at = lower.indexOf(first, at + 1)) {
        if (form.startsWith(lower.slice(at))) {
          tail = lower.length - at;
          break;
        }
      }
    }
  }
  if (head + tail >= text.length && (head || tail)) return REPLACEMENT;
  let result = text;
  if (tail) result = `${result.slice(0, -tail)}${REPLACEMENT}`;
  if (head) result = `${REPLACEMENT}${result.slice(head)}`;
  return result;
}

/**
 * Redacts `secrets` (as makeRedactor takes them) in everything a command writes from now on:
 * `ctx.stdout`, `ctx.stderr` (the final error line included) and, through `ctx.redact`, report
 * files. Secrets already redacted stay so (the redactors compose).
 */
export function redactContext(ctx, secrets) {
  const redactor = makeRedactor(secrets);
  if (!redactor.active) return;
  ctx.stdout = redactingStream(ctx.stdout, redactor);
  ctx.stderr = redactingStream(ctx.stderr, redactor);
  const before = ctx.redact;
  ctx.redact = before ? (text) => redactor.redact(before(text)) : redactor.redact;
}

/**
 * `stream` with every write redacted; reads (`isTTY`, `columns`…) go to the stream itself.
 * Used for standard output and error while a command holds secrets.
 */
export function redactingStream(stream, redactor) {
  return redactor.active ? transformingStream(stream, redactor.redact) : stream;
}

/**
 * A URL as it may be printed: user name and password, each secret-looking path segment
 * (`looksSecretSegment`), every query value and the fragment as `***`
 * (`http://***@host:8080/mcp?token=***`; `/mcp/sk-ak-…/sse` with `***` for the key). Text that
 * does not parse as a URL is masked the same way by pattern.
 */
export function maskUrl(text) {
  const raw = String(text);
  let url;
  try {
    url = new URL(raw);
  } catch {
    return maskUrlText(raw);
  }
  const userinfo = url.username || url.password ? '***@' : '';
  const query = url.search ? `?${url.search.slice(1).split('&').map((pair) => `${pair.split('=')[0]}${pair.includes('=') ? '=***' : ''}`).join('&')}` : '';
  const fragment = url.hash ? '#***' : '';
  return `${url.protocol}//${userinfo}${url.host}${maskPath(url.pathname)}${query}${fragment}`;
}

/**
 * maskUrl by pattern, for text that is no URL (`localhost:3000/mcp`, `ftp://…`): masks the same
 * parts and keeps the rest as it was typed.
 */
export function maskUrlText(text) {
  return String(text)
    .replace(/^((?:[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#]*)?)([^?#]*)/, (_, authority, path) => `${authority}${maskPath(path)}`)
    .replace(/^([A-Za-z][A-Za-z0-9+.-]*:\/\/)[^/?#]*@/, '$1***@')
    .replace(/([?&][^=&#]*)=[^&#]*/g, '$1=***')
    .replace(/#.*/s, '#***');
}
