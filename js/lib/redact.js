//! Redaction by value: every secret the CLI was given (each `--header` value, the semantic
//! API key) is hidden in every form a server or a proxy may echo it in, not only byte for byte.

const MIN_SECRET_CHARS = 4; // shorter forms would blank out ordinary words; no real secret is that short
const REPLACEMENT = '***';

/**
 * The forms of one secret that are searched for: as given, without a leading scheme word
 * (`Bearer abc` → `abc`), URL-encoded (both `%20` and `+` for spaces) and JSON-escaped. Case
 * is folded when matching, so upper- and lower-cased echoes (and `%2f` for `%2F`) are found too.
 */
export function secretForms(value) {
  const text = String(value ?? '');
  const bases = [text, text.replace(/^\S+\s+/, '')];
  const forms = new Set();
  for (const base of bases) {
    for (const form of [base, encodeURIComponent(base), encodeURIComponent(base).replace(/%20/g, '+'), JSON.stringify(base).slice(1, -1)]) {
      if (form.length >= MIN_SECRET_CHARS) forms.add(form);
    }
  }
  return [...forms];
}

/**
 * A redactor for `secrets` (strings; empty ones ignored): `redact(text)` replaces every form
 * with `***`, `find(text)` says whether one occurs. With no secrets both are no-ops.
 */
export function makeRedactor(secrets) {
  const forms = [...new Set(secrets.filter(Boolean).flatMap(secretForms))].sort((a, b) => b.length - a.length);
  if (forms.length === 0) return { active: false, redact: (text) => text, find: () => false };
  // `-` stays unescaped: it is literal outside a class, and `\-` is an error under the u flag.
  const escape = (form) => form.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');
  const pattern = new RegExp(forms.map(escape).join('|'), 'giu');
  return {
    active: true,
    redact: (text) => String(text).replace(pattern, REPLACEMENT),
    find: (text) => {
      pattern.lastIndex = 0;
      const found = pattern.test(String(text));
      pattern.lastIndex = 0;
      return found;
    },
  };
}

/**
 * Redacts `secrets` in everything a command writes from now on: `ctx.stdout`, `ctx.stderr`
 * (the final error line included) and, through `ctx.redact`, report files. Secrets already
 * redacted stay so (the redactors compose).
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
  if (!redactor.active) return stream;
  const wrapped = Object.create(stream);
  wrapped.write = (chunk, ...rest) => stream.write(redactor.redact(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8')), ...rest);
  return wrapped;
}
