/** The one provenance line under each title (src/prose/measured-line.ts): every branch, expected text by hand. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cpuFamily, measuredLine, type MeasuredRun } from '../../src/prose/measured-line.ts';

const xeon: MeasuredRun = { cases: 'Cases A–E', cpuModel: 'Intel(R) Xeon(R) CPU @ 2.20GHz', cores: 2, nodeVersion: 'v24.20.0', startedAt: '2026-12-04T06:10:00.000Z' };
const sameDay: MeasuredRun = { ...xeon, cases: 'Cases F–I', startedAt: '2026-12-04T09:30:00.000Z' };
const laterDay: MeasuredRun = { ...sameDay, startedAt: '2026-12-06T00:30:00.000Z' };
const epyc: MeasuredRun = { cases: 'Cases F–I', cpuModel: 'AMD EPYC 7B13 64-Core Processor', cores: 8, nodeVersion: 'v22.23.5', startedAt: '2026-12-05T10:00:00.000Z' };

test('one run, or two on one machine on one day: the machine and the day once', () => {
  assert.equal(measuredLine([xeon], true), 'Measured on a 2-core Intel Xeon with Node v24.20.0, on 4 December 2026.');
  assert.equal(measuredLine([xeon], false), 'Measured on a 2-core Intel Xeon with Node v24.20.0, on 4 December 2026.', 'one run has one machine');
  assert.equal(measuredLine([xeon, sameDay], true), 'Measured on a 2-core Intel Xeon with Node v24.20.0, on 4 December 2026.');
});

test('two runs on one machine on two days: each day with its cases', () => {
  assert.equal(measuredLine([xeon, laterDay], true), 'Measured on a 2-core Intel Xeon with Node v24.20.0, on 4 December 2026 (cases A–E) and 6 December 2026 (cases F–I).');
});

test('two machines: each named with its cases and day', () => {
  assert.equal(
    measuredLine([xeon, epyc], false),
    'Measured on two machines: cases A–E on a 2-core Intel Xeon with Node v24.20.0, on 4 December 2026; cases F–I on an 8-core AMD EPYC with Node v22.23.5, on 5 December 2026.',
  );
  assert.throws(() => measuredLine([], true), RangeError);
});

test('CPU model strings cut to maker and family; "an" before 8, 11 and 18', () => {
  assert.equal(cpuFamily('Intel(R) Core(TM) i7-8700 CPU @ 3.20GHz'), 'Intel Core');
  assert.equal(cpuFamily('AMD Ryzen 9 5950X 16-Core Processor'), 'AMD Ryzen');
  assert.equal(cpuFamily('AMD EPYC'), 'AMD EPYC');
  assert.equal(cpuFamily('Apple M2 Pro'), 'Apple M2');
  assert.equal(cpuFamily('Neoverse-N1'), 'Neoverse-N1');
  assert.equal(cpuFamily(''), 'CPU');
  assert.match(measuredLine([{ ...xeon, cores: 11 }], true), /^Measured on an 11-core /);
  assert.match(measuredLine([{ ...xeon, cores: 1 }], true), /^Measured on a 1-core /);
  assert.match(measuredLine([{ ...xeon, cores: 16 }], true), /^Measured on a 16-core /);
});
