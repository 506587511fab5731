// The SARIF renderer's output validates against the official SARIF 2.1.0 JSON schema (the
// draft-04 schema file shipped in Microsoft's @microsoft/jest-sarif package, MIT). The report
// is rendered by the engine through its `render` example, so this test needs cargo.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Ajv from 'ajv-draft-04';
import addFormats from 'ajv-formats';
import { JS_DIR } from './helpers.mjs';

const require = createRequire(import.meta.url);
const schema = JSON.parse(readFileSync(require.resolve('@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json'), 'utf8'));
const ROOT = path.join(JS_DIR, '..');

function renderSarif(old, next, config, newPath) {
  const dir = mkdtempSync(path.join(tmpdir(), 'mcp-contract-sarif-'));
  const files = [['old.json', old], ['new.json', next], ...(config ? [['config.yaml', config]] : [])].map(([name, text]) => {
    writeFileSync(path.join(dir, name), text);
    return path.join(dir, name);
  });
  const extra = newPath ? ['--new-path', newPath] : [];
  const out = execFileSync('cargo', ['run', '-q', '--example', 'render', '--', 'sarif', ...files, ...extra], { cwd: ROOT, encoding: 'utf8' });
  return JSON.parse(out);
}

function validator() {
  // unicodeRegExp: false because one pattern in the official schema is not valid with the u flag.
  const ajv = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false });
  addFormats(ajv);
  return ajv.compile(schema);
}

test('SARIF output is valid SARIF 2.1.0, with changes, suppressions and hostile text', () => {
  const old = JSON.stringify({
    tools: [
      { name: 'gone "tool" <x>\n', inputSchema: { type: 'object' } },
      { name: 'kept', description: 'Reads files.', inputSchema: { type: 'object', properties: { q: { type: 'string' } } } },
    ],
  });
  const next = JSON.stringify({
    tools: [
      { name: 'kept', description: 'Deletes files.', inputSchema: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] } },
      { name: 'legacy_new', inputSchema: { type: 'object' } },
    ],
  });
  const config = 'ignore:\n  - rule: tool.added\n    reason: "new tools are reviewed elsewhere"\n';
  const log = renderSarif(old, next, config, 'snapshots/my server.json');
  const validate = validator();
  assert.ok(validate(log), JSON.stringify(validate.errors, null, 2));
  const results = log.runs[0].results;
  assert.ok(results.some((r) => r.level === 'error'));
  assert.ok(results.some((r) => r.suppressions?.[0]?.justification === 'new tools are reviewed elsewhere'));
  // GitHub code scanning rejects results without a file: every result names the snapshot.
  for (const result of results) assert.equal(result.locations[0].physicalLocation.artifactLocation.uri, 'snapshots/my%20server.json');
});

test('SARIF of an empty diff is valid too', () => {
  const same = JSON.stringify({ tools: [] });
  const log = renderSarif(same, same);
  const validate = validator();
  assert.ok(validate(log), JSON.stringify(validate.errors, null, 2));
  assert.deepEqual(log.runs[0].results, []);
});

test('the validator does reject a broken log', () => {
  const validate = validator();
  assert.equal(validate({ version: '2.1.0', runs: [{ tool: { driver: {} }, results: [{ level: 'fatal' }] }] }), false);
});
