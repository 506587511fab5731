// The semantic advisory pass against a small chat-completions server on 127.0.0.1 (and a local
// command): it adds notes to prose changes only, degrades to a warning on every failure, and
// — checked as a property over random snapshot pairs — never changes anything but notes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { semanticNotes } from '../lib/semantic.js';
import { render as renderReport } from '../index.js';
import { scratchDir, seededRandom } from './helpers.mjs';

const dir = scratchDir('semantic');

/** The engine's output for a pair (through the npm API), optionally with notes. */
function render(format, old, next, notes) {
  return renderReport(old, next, null, { format, notes }).output;
}

/** A chat-completions server: `behaviour(request)` returns the note object, or 'hang'/'error'/'garbage'. */
async function fakeModel(behaviour) {
  const requests = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const request = { url: req.url, auth: req.headers.authorization, body: JSON.parse(body) };
      requests.push(request);
      const answer = behaviour(request);
      if (answer === 'hang') return;
      if (answer === 'error') return res.writeHead(500).end('overloaded');
      const content = answer === 'garbage' ? 'I think these look fine!' : `\`\`\`json\n${JSON.stringify(answer)}\n\`\`\``;
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ choices: [{ message: { role: 'assistant', content } }] }));
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const env = {
    MCP_CONTRACT_SEMANTIC_URL: `http://127.0.0.1:${server.address().port}/v1`,
    MCP_CONTRACT_SEMANTIC_MODEL: 'test-model',
    MCP_CONTRACT_SEMANTIC_API_KEY: 'sk-test-5150',
  };
  return { env, requests, close: () => new Promise((resolve) => server.close(resolve)) && server.closeAllConnections() };
}

/** Notes for every asked id, plus hostile extras: unknown ids, severity words, line breaks. */
function hostileNotes(request) {
  const { changes } = JSON.parse(request.body.messages[1].content);
  const notes = { 'not-a-change': 'BREAKING: remove everything', __proto__: 'x' };
  for (const change of changes) notes[change.id] = `The ${change.rule} now\nsays "${String(change.new).slice(0, 20)}" | severity: BREAKING`;
  return notes;
}

const tool = (name, description) => ({ name, description, inputSchema: { type: 'object' } });

test('notes come from the endpoint for prose changes only, keyed by change id', async () => {
  const model = await fakeModel(hostileNotes);
  try {
    const old = { tools: [tool('search', 'Searches issues. Read-only.'), tool('gone', 'x')] };
    const next = { tools: [tool('search', 'Searches and deletes issues.')] };
    const report = JSON.parse(render('json', old, next));
    const { notes, warnings } = await semanticNotes(report, { env: model.env });
    assert.deepEqual(warnings, []);
    const prose = report.changes.filter((c) => c.rule === 'tool.description.changed');
    assert.deepEqual(Object.keys(notes), prose.map((c) => c.id));
    assert.ok(!notes[prose[0].id].includes('\n'));
    const [request] = model.requests;
    assert.equal(request.url, '/v1/chat/completions');
    assert.equal(request.auth, 'Bearer sk-test-5150');
    assert.equal(request.body.model, 'test-model');
    const asked = JSON.parse(request.body.messages[1].content).changes;
    assert.deepEqual(asked.map((c) => c.rule), ['tool.description.changed'], 'the removal is not prose');
  } finally {
    await model.close();
  }
});

test('failures degrade to no notes and a warning that never shows the key', async () => {
  const report = JSON.parse(render('json', { tools: [tool('a', 'Old text.')] }, { tools: [tool('a', 'New text.')] }));
  for (const [behaviour, expected] of [
    ['error', /HTTP 500/],
    ['garbage', /not a JSON object/],
    ['hang', /did not answer within 0.5 s/],
  ]) {
    const model = await fakeModel(() => behaviour);
    try {
      const { notes, warnings } = await semanticNotes(report, { env: model.env, timeoutMs: 500 });
      assert.deepEqual(notes, {});
      assert.equal(warnings.length, 1);
      assert.match(warnings[0], expected);
      assert.ok(!warnings[0].includes('sk-test-5150'));
    } finally {
      await model.close();
    }
  }
  const unreachable = await semanticNotes(report, { env: { MCP_CONTRACT_SEMANTIC_URL: 'http://127.0.0.1:9', MCP_CONTRACT_SEMANTIC_MODEL: 'm' } });
  assert.match(unreachable.warnings[0], /cannot reach the model endpoint/);
  const none = await semanticNotes(report, { env: {} });
  assert.match(none.warnings[0], /no provider configured/);
});

test('--semantic-cmd reads the request on stdin; a failing or slow command only warns', async () => {
  const report = JSON.parse(render('json', { tools: [tool('a', 'Old text.')] }, { tools: [tool('a', 'New text.')] }));
  const script = path.join(dir, 'notes.mjs');
  writeFileSync(
    script,
    `let s = ''; process.stdin.on('data', (c) => (s += c)).on('end', () => {
       const { changes } = JSON.parse(s);
       console.log(JSON.stringify({ notes: Object.fromEntries(changes.map((c) => [c.id, 'was: ' + c.old])) }));
     });`,
  );
  const ok = await semanticNotes(report, { command: `"${process.execPath}" "${script}"` });
  assert.deepEqual(ok, { notes: { [report.changes[0].id]: 'was: Old text.' }, warnings: [] });
  const failing = await semanticNotes(report, { command: `"${process.execPath}" -e "console.error('no model'); process.exit(4)"` });
  assert.match(failing.warnings[0], /exited with code 4: no model/);
  // A last line longer than the kept tail is not quoted: its head, perhaps part of a key, is gone.
  const long = await semanticNotes(report, { command: `"${process.execPath}" -e "console.error('sk-' + 'x'.repeat(3000)); process.exit(4)"` });
  assert.match(long.warnings[0], /exited with code 4 \(its last line on stderr is over 2000 characters\)/);
  assert.ok(!long.warnings[0].includes('xxxx'), long.warnings[0]);
  const slow = await semanticNotes(report, { command: `"${process.execPath}" -e "setInterval(() => {}, 1000)"`, timeoutMs: 300 });
  assert.match(slow.warnings[0], /did not finish within 0.3 s/);
});

function randomPair(random) {
  const words = ['Reads', 'deletes', 'files', 'issues', 'read-only', 'safely', 'never', 'all', '`x`', '<b>', '|', 'é', '\n'];
  const text = () => Array.from({ length: 1 + Math.floor(random() * 6) }, () => words[Math.floor(random() * words.length)]).join(' ');
  const old = [];
  const next = [];
  for (let i = 0; i < 1 + Math.floor(random() * 6); i++) {
    const description = text();
    const roll = random();
    if (roll > 0.15) old.push(tool(`t${i}`, description));
    if (roll < 0.85 || roll <= 0.15) next.push(tool(`t${i}`, random() < 0.5 ? description : text()));
  }
  return [{ tools: old }, { tools: next }];
}

test('property: with or without the pass, the report minus notes is identical', async () => {
  const model = await fakeModel(hostileNotes);
  try {
    let withNotes = 0;
    for (let seed = 1; seed <= 25; seed++) {
      const [old, next] = randomPair(seededRandom(seed));
      const plainJson = render('json', old, next);
      const { notes } = await semanticNotes(JSON.parse(plainJson), { env: model.env });
      withNotes += Object.keys(notes).length;
      const notedJson = render('json', old, next, notes);
      const stripped = JSON.parse(notedJson);
      for (const change of [...stripped.changes, ...stripped.suppressed]) delete change.note;
      assert.equal(JSON.stringify(stripped), JSON.stringify(JSON.parse(plainJson)), `seed ${seed}: JSON minus notes`);
      // Expanded: a note is shown under its own change, so a noted run of alike changes is
      // listed change by change; grouping is presentation, the property is about content.
      const plainText = renderReport(old, next, null, { format: 'text', expand: true }).output;
      const notedText = renderReport(old, next, null, { format: 'text', notes, expand: true }).output;
      const textWithoutNotes = notedText.split('\n').filter((line) => !line.startsWith('      note: ')).join('\n');
      assert.equal(textWithoutNotes, plainText, `seed ${seed}: text minus note lines, byte for byte`);
    }
    assert.ok(withNotes > 5, `the property ran with notes (${withNotes})`);
  } finally {
    await model.close();
  }
});

test('a redirect to another origin is not followed with the payload; one to the same origin is', async () => {
  const elsewhere = await fakeModel(() => ({}));
  const target = new URL(elsewhere.env.MCP_CONTRACT_SEMANTIC_URL);
  let port;
  const hops = [];
  const redirector = http.createServer((req, res) => {
    hops.push(req.url);
    req.resume();
    const location = req.url === '/v1/chat/completions' ? `http://127.0.0.1:${port}/moved/chat/completions` : `${target.origin}/v1/chat/completions`;
    res.writeHead(307, { location }).end();
  });
  await new Promise((resolve) => redirector.listen(0, '127.0.0.1', resolve));
  port = redirector.address().port;
  try {
    const old = { tools: [tool('search', 'Searches issues. Read-only.')] };
    const next = { tools: [tool('search', 'Searches and deletes issues.')] };
    const report = JSON.parse(render('json', old, next));
    const env = { ...elsewhere.env, MCP_CONTRACT_SEMANTIC_URL: `http://127.0.0.1:${port}/v1`, MCP_CONTRACT_SEMANTIC_API_KEY: 'sk-redirect-7788' };
    const result = await semanticNotes(report, { env, timeoutMs: 5000 });
    assert.deepEqual(result.notes, {});
    assert.equal(result.warnings.length, 1);
    assert.match(result.warnings[0], /HTTP 307 with a redirect to http:\/\/127\.0\.0\.1:\d+; redirects to another origin are not followed/);
    assert.deepEqual(hops, ['/v1/chat/completions', '/moved/chat/completions'], 'the same-origin hop was followed');
    assert.equal(elsewhere.requests.length, 0, 'the other origin never saw the payload');
    assert.ok(!result.warnings[0].includes('sk-redirect-7788'));
  } finally {
    await elsewhere.close();
    redirector.closeAllConnections();
    await new Promise((resolve) => redirector.close(resolve));
  }
});

test('a model that echoes the API key in a note: the key is redacted in every form in the report', async () => {
  const { cliAsync } = await import('./helpers.mjs');
  const key = 'sk-Echo-4411-Zz';
  const model = await fakeModel((request) => {
    const { changes } = JSON.parse(request.body.messages[1].content);
    return Object.fromEntries(changes.map((change) => [change.id, `key ${key.toLowerCase()} and ${encodeURIComponent(`Bearer ${key}`)}`]));
  });
  try {
    const oldFile = path.join(dir, 'echo-old.json');
    const newFile = path.join(dir, 'echo-new.json');
    writeFileSync(oldFile, JSON.stringify({ tools: [tool('search', 'Searches issues. Read-only.')] }));
    writeFileSync(newFile, JSON.stringify({ tools: [tool('search', 'Searches and deletes issues.')] }));
    const env = { ...model.env, MCP_CONTRACT_SEMANTIC_API_KEY: key };
    const [text, json] = await Promise.all([
      cliAsync(['diff', oldFile, newFile, '--semantic'], { env }),
      cliAsync(['diff', oldFile, newFile, '--semantic', '--format', 'json'], { env }),
    ]);
    assert.equal(model.requests.length, 2);
    for (const result of [text, json]) {
      assert.ok(result.status === 0 || result.status === 1, result.stderr);
      assert.match(result.stdout, /key \*\*\* and Bearer%20\*\*\*/);
      assert.ok(!result.stdout.toLowerCase().includes(key.toLowerCase()), result.stdout);
    }
    JSON.parse(json.stdout); // still valid JSON
  } finally {
    await model.close();
  }
});
