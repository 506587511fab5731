// The SARIF renderer's output validates against the official SARIF 2.1.0 JSON schema (the
// draft-04 schema file shipped in Microsoft's @microsoft/jest-sarif package, MIT). Rendered
// through the npm API (the wasm engine) and through the CLI.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import Ajv from 'ajv-draft-04';
import addFormats from 'ajv-formats';
import { render } from '../index.js';
import { cli, fixturePairs } from './helpers.mjs';

const require = createRequire(import.meta.url);
const schema = JSON.parse(readFileSync(require.resolve('@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json'), 'utf8'));
function renderSarif(old, next, config, newPath) {
  return JSON.parse(render(old, next, config ?? null, { format: 'sarif', newPath }).output);
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

test('the CLI\'s SARIF is valid for every rule fixture, pointing at the NEW file', () => {
  const validate = validator();
  for (const pair of fixturePairs()) {
    const result = cli(['diff', pair.old, pair.new, '--format', 'sarif']);
    assert.ok(result.status === 0 || result.status === 1, `${pair.rule}: ${result.stderr}`);
    const log = JSON.parse(result.stdout);
    assert.ok(validate(log), `${pair.rule}: ${JSON.stringify(validate.errors)}`);
    assert.ok(log.runs[0].results.some((r) => r.ruleId === pair.rule), `${pair.rule} is reported`);
    const uris = log.runs[0].results.map((r) => r.locations[0].physicalLocation.artifactLocation.uri);
    assert.ok(uris.every((uri) => uri === `tests/fixtures/rules/${pair.rule}/new.json`), `${pair.rule}: ${uris}`);
  }
});
