#!/usr/bin/env node
/**
 * Does pinning lower the run-to-run spread? Runs cases B, C and D five times pinned (--pin: client on
 * one CPU, services on another) and five times unpinned, interleaved (pinned first in odd rounds,
 * unpinned first in even rounds, so a drift in the machine's load hits both alike), each a fresh
 * `hop-bench --cases B,C,D --runs 1` process with the full counts. Prints the run p50s and their
 * coefficient of variation (CV, population SD / mean) per case and condition, on stdout as a Markdown
 * table; progress on stderr. Takes about ten minutes.
 *
 * Usage: node bench/scripts/pinning-study.ts [--rounds 5] [--json FILE]
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { parseResultsText } from '../src/harness/schema.ts';
import { spread } from '../src/harness/stats.ts';

const CLI = fileURLToPath(new URL('../src/cli.ts', import.meta.url));
const CASE_IDS = ['B', 'C', 'D'] as const;

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '5' }, json: { type: 'string' } } });
const rounds = Number(values.rounds);
if (!Number.isInteger(rounds) || rounds < 2) {
  process.stderr.write('pinning-study: --rounds takes a whole number ≥ 2\n');
  process.exit(2);
}

const tmp = mkdtempSync(path.join(os.tmpdir(), 'hop-bench-pinning-'));
const p50s: Record<'pinned' | 'unpinned', Record<string, number[]>> = { pinned: {}, unpinned: {} };
const loadAvg: number[] = [];
try {
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? (['pinned', 'unpinned'] as const) : (['unpinned', 'pinned'] as const);
    for (const condition of order) {
      const out = path.join(tmp, `${condition}-${round}.json`);
      const args = [CLI, '--cases', CASE_IDS.join(','), '--runs', '1', '--out', out, ...(condition === 'pinned' ? ['--pin'] : [])];
      loadAvg.push(os.loadavg()[0]!);
      process.stderr.write(`pinning-study: round ${round + 1}/${rounds}, ${condition} (load average ${os.loadavg()[0]!.toFixed(2)}) …\n`);
      const child = spawnSync(process.execPath, args, { encoding: 'utf8', stdio: ['ignore', 'ignore', 'pipe'] });
      if (child.status !== 0) throw new Error(`hop-bench exited ${child.status}: ${child.stderr}`);
      const results = parseResultsText(readFileSync(out, 'utf8'), out);
      for (const c of results.cases) {
        if (c.kind !== 'latency') continue;
        (p50s[condition][c.id] ??= []).push(c.runs[0]!.p50Us);
      }
    }
  }
} finally {
  rmSync(tmp, { recursive: true, force: true });
}

const fmt = (xs: number[]) => xs.map((x) => x.toFixed(1)).join(', ');
const lines = [
  `Pinning study, ${new Date().toISOString()}, ${os.cpus()[0]?.model.trim()}, ${os.availableParallelism()} CPUs, Node ${process.version}; ` +
    `${rounds} rounds; 1-min load average during the runs ${Math.min(...loadAvg).toFixed(2)}–${Math.max(...loadAvg).toFixed(2)}`,
  '',
  '| case | CV pinned | CV unpinned | run p50s pinned, µs | run p50s unpinned, µs |',
  '|---|---:|---:|---|---|',
  ...CASE_IDS.map((id) => {
    const pin = p50s.pinned[id] ?? [];
    const free = p50s.unpinned[id] ?? [];
    return `| ${id} | ${spread(pin).cvPercent.toFixed(1)}% | ${spread(free).cvPercent.toFixed(1)}% | ${fmt(pin)} | ${fmt(free)} |`;
  }),
];
process.stdout.write(lines.join('\n') + '\n');
if (values.json) writeFileSync(values.json, JSON.stringify({ rounds, loadAvg, p50s }, null, 2) + '\n');
