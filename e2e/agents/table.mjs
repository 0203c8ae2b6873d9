#!/usr/bin/env node
// Prints the results of "node run.mjs --json FILE" as the Markdown table of
// docs/development.md's "Real agents" section: one row per case, one column per agent,
// each cell the status, the time and what stopped (or ran) the call.
import fs from 'node:fs';
import { CASES } from './cases.mjs';

const { results, skipped, secs } = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const agents = [...new Set(results.map((r) => r.agent))];
const cell = (r) => {
  if (!r) return 'n/a';
  const decisions = [...new Set(r.audit.map((a) => a.decision))].join('/') || 'not asked';
  const ran = r.markerRan === true ? 'ran' : r.markerRan === false ? 'did not run' : '';
  const what = r.hang ? 'hang' : [ran, `pg: ${decisions}`].filter(Boolean).join(', ');
  return `${r.status} ${(r.ms / 1000).toFixed(0)}s (${what})`;
};
console.log(`| case | ${agents.join(' | ')} |`);
console.log(`|---|${agents.map(() => '---').join('|')}|`);
for (const c of CASES) {
  const row = agents.map((a) => cell(results.find((r) => r.agent === a && r.case === c.id)));
  if (row.every((x) => x === 'n/a')) continue;
  console.log(`| ${c.id}: ${c.title.replace(/\|/g, "\\|")} | ${row.join(' | ')} |`);
}
for (const s of skipped) console.log(`\n${s.agent} skipped: ${s.why}`);
console.log(`\nWhole run: ${secs} s.`);
