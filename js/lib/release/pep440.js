//! PEP 440 versions, as far as choosing a release needs: parse, normalise, order, and match
//! `==V` / `==V.*`. Local versions (`+abc`) are kept but never chosen as "newest".

const VERSION =
  /^v?(?:(\d+)!)?(\d+(?:\.\d+)*)(?:[-_.]?(a|alpha|b|beta|c|rc|pre|preview)[-_.]?(\d*))?(?:-(\d+)|[-_.]?(post|rev|r)[-_.]?(\d*))?(?:[-_.]?(dev)[-_.]?(\d*))?(?:\+([a-z0-9]+(?:[-_.][a-z0-9]+)*))?$/;
const PRE = { a: "a", alpha: "a", b: "b", beta: "b", c: "rc", rc: "rc", pre: "rc", preview: "rc" };

/** `{ epoch, release, pre, post, dev, local }` or null when `text` is not a PEP 440 version. */
export function parseVersion(text) {
  const m = VERSION.exec(String(text).trim().toLowerCase());
  if (!m) return null;
  return {
    epoch: Number(m[1] ?? 0),
    release: m[2].split(".").map(Number),
    pre: m[3] ? [PRE[m[3]], Number(m[4] || 0)] : null,
    post: m[5] !== undefined ? Number(m[5]) : m[6] ? Number(m[7] || 0) : null,
    dev: m[8] ? Number(m[9] || 0) : null,
    local: m[10] ?? null,
  };
}

/** The canonical spelling (`1.0.0rc1`, `2!1.0.post2.dev3`); two spellings of one version agree. */
export function normaliseVersion(text) {
  const v = parseVersion(text);
  if (!v) return String(text);
  let out = `${v.epoch ? `${v.epoch}!` : ""}${v.release.join(".")}`;
  if (v.pre) out += `${v.pre[0]}${v.pre[1]}`;
  if (v.post !== null) out += `.post${v.post}`;
  if (v.dev !== null) out += `.dev${v.dev}`;
  if (v.local) out += `+${v.local.replace(/[-_]/g, ".")}`;
  return out;
}

/** Whether the version is a pre-release or development release (not chosen as "newest" while a final one exists). */
export function isPreRelease(v) {
  return v.pre !== null || v.dev !== null;
}

const PRE_ORDER = { a: 0, b: 1, rc: 2 };

/** Orders two parsed versions as PEP 440 does (`1.0.dev0 < 1.0a1 < 1.0 < 1.0.post1`). */
export function compareVersions(x, y) {
  if (x.epoch !== y.epoch) return x.epoch - y.epoch;
  const length = Math.max(x.release.length, y.release.length);
  for (let i = 0; i < length; i++) {
    const d = (x.release[i] ?? 0) - (y.release[i] ?? 0);
    if (d !== 0) return d;
  }
  const preKey = (v) => (v.pre ? [PRE_ORDER[v.pre[0]], v.pre[1]] : v.dev !== null && v.post === null ? [-1, 0] : [3, 0]);
  const [p, q] = [preKey(x), preKey(y)];
  if (p[0] !== q[0] || p[1] !== q[1]) return p[0] - q[0] || p[1] - q[1];
  const postKey = (v) => (v.post === null ? -1 : v.post);
  if (postKey(x) !== postKey(y)) return postKey(x) - postKey(y);
  const devKey = (v) => (v.dev === null ? Infinity : v.dev);
  if (devKey(x) !== devKey(y)) return devKey(x) < devKey(y) ? -1 : 1;
  return 0;
}

/** Whether `version` (text) is what `==wanted` selects: the same version, or `==1.2.*` its prefix. */
export function matchesExact(version, wanted) {
  if (wanted.endsWith(".*")) {
    const prefix = parseVersion(wanted.slice(0, -2));
    const v = parseVersion(version);
    if (!prefix || !v || v.epoch !== prefix.epoch) return false;
    return prefix.release.every((part, i) => (v.release[i] ?? 0) === part);
  }
  const v = parseVersion(version);
  const w = parseVersion(wanted);
  if (!v || !w) return version === wanted;
  // `==1.0` matches `1.0.0` and, without a local label in the spec, `1.0+local` too.
  return compareVersions(v, w) === 0 && (w.local === null || normaliseVersion(version) === normaliseVersion(wanted));
}
