// The page's paired noise verdict, with outcomes worked by hand: six rounds all one way give the
// sign-flip test's smallest p-value, 2 / 2^6 = 0.031 (a difference at alpha 0.05); five rounds can
// never go below 2 / 2^5 = 0.0625, so they get no verdict; rounds that balance out give none measurable.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { NOISE, pairedNoiseVerdict } from '../../src/facts/noise-facts.ts';

test('six rounds all above 1: a difference beyond the noise', () => {
  assert.equal(pairedNoiseVerdict([1.2, 1.1, 1.3, 1.05, 1.15, 1.25]), NOISE.differ);
});

test('five rounds all above 1: too few for any verdict, never "no difference"', () => {
  assert.equal(pairedNoiseVerdict([1.2, 1.1, 1.3, 1.05, 1.15]), NOISE.unjudged);
});

test('six rounds that balance out: no measurable difference', () => {
  assert.equal(pairedNoiseVerdict([1.1, 1 / 1.1, 1.05, 1 / 1.05, 1.02, 1 / 1.02]), NOISE.same);
});

test('a ratio that is not positive is refused', () => {
  assert.throws(() => pairedNoiseVerdict([1.1, 0, 1.2, 1.1, 1.2, 1.3]), RangeError);
});
