// Colour follows the terminal, NO_COLOR turns it off, FORCE_COLOR turns it on and wins over
// NO_COLOR (Node's own precedence).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { wantsColor } from '../lib/color.js';

test('colour decision', () => {
  const tty = { isTTY: true };
  const pipe = { isTTY: false };
  assert.equal(wantsColor(tty, {}), true);
  assert.equal(wantsColor(pipe, {}), false);
  assert.equal(wantsColor(tty, { NO_COLOR: '1' }), false);
  assert.equal(wantsColor(tty, { NO_COLOR: '' }), true, 'an empty NO_COLOR is unset');
  assert.equal(wantsColor(pipe, { FORCE_COLOR: '1' }), true);
  assert.equal(wantsColor(pipe, { FORCE_COLOR: '' }), true);
  assert.equal(wantsColor(tty, { FORCE_COLOR: '0' }), false);
  assert.equal(wantsColor(pipe, { FORCE_COLOR: '1', NO_COLOR: 'x' }), true);
  assert.equal(wantsColor({ isTTY: true }, { TERM: 'dumb' }), false);
});
