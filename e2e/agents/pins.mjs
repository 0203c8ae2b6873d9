// pins.mjs: says when npm has a newer release of an agent than the one
// e2e/agents/package.json pins, so that a change in an agent is seen the
// week it ships (issue 24). The suite runs the pins; a newer release is
// what users run.
//
//   node e2e/agents/pins.mjs            a newer release out for more than
//                                       GRACE_DAYS fails (exit 1); within
//                                       them it is a warning
//   node e2e/agents/pins.mjs --warn     never fails: warnings only
//
// The registry not answering is a warning, never a failure: whether a pin
// is behind is then not known, and that is no fault of the change under
// test. npm's own registry setting applies (npm view).

import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const GRACE_DAYS = 7;
const here = path.dirname(fileURLToPath(import.meta.url));
const warnOnly = process.argv.includes('--warn');

// compare orders two release versions (x.y.z, numerically); a pre-release
// sorts before its release.
export function compare(a, b) {
  const parse = (v) => {
    const [main, pre = ''] = String(v).split('-', 2);
    return { parts: main.split('.').map((n) => Number(n) || 0), pre };
  };
  const x = parse(a);
  const y = parse(b);
  for (let i = 0; i < Math.max(x.parts.length, y.parts.length); i++) {
    const d = (x.parts[i] || 0) - (y.parts[i] || 0);
    if (d) return Math.sign(d);
  }
  if (x.pre === y.pre) return 0;
  if (!x.pre) return 1;
  if (!y.pre) return -1;
  return x.pre < y.pre ? -1 : 1;
}

// judge says what to do about one pin, given npm's latest version and the
// time it was published: 'ok', 'warn' (newer, within the grace days) or
// 'fail' (newer for longer).
export function judge(pin, latest, published, now = Date.now()) {
  if (compare(latest, pin) <= 0) return { verdict: 'ok', days: 0 };
  const days = Math.floor((now - Date.parse(published)) / 86400000);
  return { verdict: Number.isFinite(days) && days > GRACE_DAYS ? 'fail' : 'warn', days: Number.isFinite(days) ? days : 0 };
}

function latestOf(name) {
  const out = execFileSync('npm', ['view', name, 'dist-tags.latest', 'time', '--json'], {
    encoding: 'utf8', timeout: 60000, stdio: ['ignore', 'pipe', 'pipe'],
  });
  const v = JSON.parse(out);
  const latest = v['dist-tags.latest'];
  return { latest, published: v.time?.[latest] };
}

function main() {
  const pins = JSON.parse(fs.readFileSync(path.join(here, 'package.json'), 'utf8')).dependencies;
  let failed = false;
  for (const [name, pin] of Object.entries(pins)) {
    let info;
    try {
      info = latestOf(name);
    } catch (err) {
      console.log(`e2e-agents: warning: could not ask npm for ${name}'s latest release (${String(err.message).split('\n')[0]}); its pin ${pin} is not checked`);
      continue;
    }
    const { verdict, days } = judge(pin, info.latest, info.published);
    const when = info.published ? ` since ${info.published.slice(0, 10)} (${days} days)` : '';
    if (verdict === 'ok') {
      console.log(`e2e-agents: ${name} ${pin}: the latest release`);
    } else if (verdict === 'warn' || warnOnly) {
      console.log(`e2e-agents: warning: ${name} is pinned at ${pin}; npm has had ${info.latest}${when}. Pin it in e2e/agents/package.json, run make e2e-agents, and update docs/agents.md with what changed`);
    } else {
      failed = true;
      console.log(`e2e-agents: error: ${name} is pinned at ${pin}; npm has had ${info.latest}${when}, more than ${GRACE_DAYS} days. Pin it in e2e/agents/package.json, run make e2e-agents, and update docs/agents.md with what changed`);
    }
  }
  process.exit(failed ? 1 : 0);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
