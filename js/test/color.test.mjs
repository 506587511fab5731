import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useColor } from '../lib/color.js';

test('NO_COLOR wins, FORCE_COLOR forces, otherwise a terminal decides', () => {
  const tty = { isTTY: true };
  const pipe = { isTTY: false };
  assert.equal(useColor(tty, {}), true);
  assert.equal(useColor(pipe, {}), false);
  assert.equal(useColor(tty, { NO_COLOR: '1' }), false);
  assert.equal(useColor(tty, { NO_COLOR: '' }), true, 'an empty NO_COLOR is unset');
  assert.equal(useColor(pipe, { FORCE_COLOR: '1' }), true);
  assert.equal(useColor(pipe, { FORCE_COLOR: '' }), true);
  assert.equal(useColor(tty, { FORCE_COLOR: '0' }), false);
  assert.equal(useColor(pipe, { FORCE_COLOR: '1', NO_COLOR: 'x' }), false);
});
