// Case I's pure recovery ranking (src/cases/i-retry-storm/recovery-rank.ts) on hand-made times, span 1,000 ms:
// the floor, the groups close behind it with their leads, the ranks, the leader and the pairs left unranked.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { groupByTime, rankRecoveries } from '../../src/cases/i-retry-storm/recovery-rank.ts';

test('floor 1,000 ms, two later at 1,900 ms: one group 900 ms behind the floor, nothing ranked, three close pairs', () => {
  const r = rankRecoveries([{ k: 'none', ms: 1_900 }, { k: 'budget', ms: 1_900 }, { k: 'deadline', ms: 1_000 }], 1_000);
  assert.deepEqual(r.times.map((t) => t.k), ['deadline', 'none', 'budget']);
  assert.deepEqual(r.floor.map((t) => t.k), ['deadline']);
  assert.deepEqual(r.closeBehindFloor, [{ keys: ['none', 'budget'], ms: 1_900, leadMs: 900 }]);
  assert.deepEqual(r.ranked, []);
  assert.equal(r.leader, undefined);
  assert.deepEqual(r.closePairs.map(([a, b]) => `${a.k}<${b.k}`), ['deadline<none', 'deadline<budget', 'none<budget']);
});

test('a full span apart ranks; the leader is a full span ahead of every other', () => {
  const r = rankRecoveries([{ k: 'none', ms: 3_700 }, { k: 'budget', ms: 2_000 }, { k: 'deadline', ms: 1_000 }], 1_000);
  assert.deepEqual(r.ranked.map((x) => [x.a.k, x.behind.map((b) => b.k)]), [['deadline', ['budget', 'none']], ['budget', ['none']]]);
  assert.equal(r.leader?.a.k, 'deadline');
  assert.deepEqual(r.closePairs, []);
  assert.deepEqual(r.closeBehindFloor, [], '2,000 ms is a full span behind the floor');
});

test('no one, one, and equal times grouped in the order given', () => {
  assert.deepEqual(rankRecoveries([], 1_000).times, []);
  assert.deepEqual(rankRecoveries([{ k: 'none', ms: 1_200 }], 1_000).ranked, []);
  assert.deepEqual(groupByTime([{ k: 'a', ms: 1 }, { k: 'b', ms: 1 }, { k: 'c', ms: 2 }]), [{ keys: ['a', 'b'], ms: 1 }, { keys: ['c'], ms: 2 }]);
});
