// The under-load page's opening finding (issue 29 item 4): a plain form for every outcome of case F,
// each at most 100 words. Expectations are written out by hand from the facts below.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { WORDS } from '../../src/prose/words.ts';
import { factReader } from '../../src/claims/named.ts';

// Figures carry a no-break space before their unit; the expectations are written with plain spaces.
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');
const reader = (facts: Record<string, number>) =>
  factReader((name: string) => {
    if (!(name in facts)) throw new Error(`unknown fact ${name}`);
    return facts[name]!;
  });
const words = (s: string) => s.split(/\s+/).filter(Boolean).length;

const base = {
  'F.hop.capacityFromValidLevel': 1, 'F.hop.capacityPerSec': 11_552, 'F.hop.capacityConcurrency': 64, 'F.hop.unloadedCounts': 1,
  'F.hop.closed.p50Us.c64': 5_083, 'F.hop.closed.p50Us.c1': 221,
  'F.chain.capacityFromValidLevel': 1, 'F.chain.capacityPerSec': 1_210, 'F.chain.capacityConcurrency': 16,
  'F.open.validLevels': 0,
};
const say = (facts: Record<string, number>) => {
  const s = plain(WORDS.loadFinding(reader(facts)));
  assert.ok(words(s) <= 100, `${words(s)} words: ${s}`);
  return s;
};
const NO_OPEN = 'No open-loop level counted here, so the page cannot show latency against an arrival rate; the tables below give each level’s reason.';

describe("case F's finding", () => {
  test('both capacities, the loaded median against a single caller, and no open-loop level', () => {
    // 5,083 ÷ 221 = 23.0: "about 23 times as long as".
    assert.equal(say(base), `On this machine, one hop answered up to 11,552 calls/s, with 64 callers, and the three-hop chain up to 1,210 calls/s, with 16 callers. At that load the hop’s median call took 5,083 µs, about 23 times as long as with a single caller. ${NO_OPEN}`);
  });

  test('a loaded call near the single caller’s time is said of time, not of amount', () => {
    // 230 ÷ 221 = 1.041: "4% longer than"; 221 ÷ 221: "as long as".
    assert.match(say({ ...base, 'F.hop.closed.p50Us.c64': 230 }), /median call took 230 µs, 4% longer than with a single caller\./);
    assert.match(say({ ...base, 'F.hop.closed.p50Us.c64': 221 }), /median call took 221 µs, as long as with a single caller\./);
    assert.match(say({ ...base, 'F.hop.closed.p50Us.c64': 200 }), /median call took 200 µs, 10% shorter than with a single caller\./);
  });

  test('one open-loop level, or several', () => {
    assert.match(say({ ...base, 'F.open.validLevels': 1 }), / One open-loop level counted, so the page shows latency against an arrival rate at one rate only\.$/);
    assert.match(say({ ...base, 'F.open.validLevels': 4 }), / 4 open-loop levels counted, so the page shows latency against an arrival rate\.$/);
  });

  test('no loaded sentence when the capacity is at a single caller or the single caller did not count', () => {
    assert.equal(say({ ...base, 'F.hop.capacityConcurrency': 1, 'F.chain.capacityConcurrency': 1 }), `On this machine, one hop answered up to 11,552 calls/s, with a single caller, and the three-hop chain up to 1,210 calls/s, with a single caller. ${NO_OPEN}`);
    assert.doesNotMatch(say({ ...base, 'F.hop.unloadedCounts': 0 }), /At that load/);
  });

  test('a target with no closed-loop level that counted', () => {
    assert.equal(say({ ...base, 'F.chain.capacityFromValidLevel': 0 }), `On this machine, one hop answered up to 11,552 calls/s, with 64 callers, and no closed-loop level of the three-hop chain counted. At that load the hop’s median call took 5,083 µs, about 23 times as long as with a single caller. ${NO_OPEN}`);
    assert.equal(say({ ...base, 'F.hop.capacityFromValidLevel': 0, 'F.chain.capacityFromValidLevel': 0 }), `On this machine, no closed-loop level of the single hop counted, and no closed-loop level of the three-hop chain counted. ${NO_OPEN}`);
  });
});
