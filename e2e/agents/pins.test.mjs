// Tests of pins.mjs's judgement, with no registry: run by make
// integrations-test.
import test from 'node:test';
import assert from 'node:assert/strict';
import { compare, judge } from './pins.mjs';

const day = 86400000;
const now = Date.parse('2026-11-27T00:00:00Z');

test('versions order numerically, a pre-release before its release', () => {
  for (const [a, b, want] of [
    ['2.1.332', '2.1.330', 1], ['0.171.0', '0.171.0', 0], ['0.99.0', '0.171.0', -1],
    ['1.18.33', '1.18.4', 1], ['2.0.0-beta.1', '2.0.0', -1], ['2.0.0', '2.0.0-rc.1', 1],
  ]) assert.equal(compare(a, b), want, `${a} vs ${b}`);
});

test('a pin behind npm warns for a week, then fails; a pin at or past it is ok', () => {
  const cases = [
    { pin: '2.1.332', latest: '2.1.332', published: '2026-11-01T00:00:00Z', want: 'ok' },
    { pin: '2.1.333', latest: '2.1.332', published: '2026-11-01T00:00:00Z', want: 'ok' },
    { pin: '2.1.330', latest: '2.1.332', published: new Date(now - 2 * day).toISOString(), want: 'warn' },
    { pin: '2.1.330', latest: '2.1.332', published: new Date(now - 7 * day).toISOString(), want: 'warn' },
    { pin: '2.1.330', latest: '2.1.332', published: new Date(now - 8 * day).toISOString(), want: 'fail' },
    // no publish time known: newer, so at least a warning, never silence
    { pin: '0.169.0', latest: '0.171.0', published: undefined, want: 'warn' },
  ];
  for (const c of cases) assert.equal(judge(c.pin, c.latest, c.published, now).verdict, c.want, JSON.stringify(c));
});
