/**
 * The article's claims: each a named predicate over the facts (`npm run claims -- --facts` lists them),
 * true exactly when the sentence it guards is true. The MDX refers to one by name,
 * <Claim name="newConnectionSlower">…</Claim>; the build evaluates it at the medians and in every run
 * (src/claims/claims.ts) and fails on a false one, naming the sentence's file:line and the values read.
 * A sentence whose words must follow the figures (above/below, zero/one/many) takes a derived word from
 * src/prose/words.ts instead of a claim. Each bound a claim's words name is a constant of rules.ts.
 */
import type { Predicate } from '../claims/named.ts';
import {
  ABOUT_ONE_PER_HUNDRED,
  FAR_BELOW_RATIO,
  HANDSHAKE_EXPENSIVE_RATIO,
  NEARLY_TRIPLE_RATIO,
  ROUGHLY_ONE_PER_HUNDRED_PERCENT,
  TENS_OF_DOLLARS_CENTS,
} from './rules.ts';

export const CLAIMS = {
  /** "about one for every hundred calls": duplicates per hundred calls without a key in ABOUT_ONE_PER_HUNDRED. */
  retryDuplicatesAboutOnePerHundred: (f) => f('E.retry.duplicatesPer100Calls') >= ABOUT_ONE_PER_HUNDRED.low && f('E.retry.duplicatesPer100Calls') < ABOUT_ONE_PER_HUNDRED.high,
  /** "well under a microsecond": A's timed median (µs). */
  aWellUnderMicrosecond: (f) => f('A.p50Us') < 1,
  /** "Setting up a TCP connection for every call is slower than keeping one open": C above B at p50 and p95. */
  newConnectionSlower: (f) => f('ratio.CoverB.p50') > 1 && f('ratio.CoverB.p95') > 1,
  /**
   * "the ordering: A far below B, B below C, and D above B, on both machines": true whatever D ÷ B is,
   * as long as three hops cost more than one.
   */
  orderingCarriesOver: (f) =>
    f('ratio.BoverA.p50') > FAR_BELOW_RATIO && f('ratio.CoverB.p50') > 1 && f('ratio.DoverB.p50') > 1 &&
    f('ref.ratio.BoverA.p50') > FAR_BELOW_RATIO && f('ref.ratio.CoverB.p50') > 1 && f('ref.ratio.DoverB.p50') > 1,
  /** Case E's counts equal the reference run's in every run compared (inside the "all" form of eMatchesReference). */
  caseEEqualsReference: (f) => f('E.refMatch.runsCompared') > 0 && f('E.refMatch.runsEqual') === f('E.refMatch.runsCompared'),
  /** "every one of those calls had stored its invoice": some calls failed, and invoices = calls. */
  timedOutCallsStillStored: (f) => f('E.noRetry.failed.total') > 0 && f('E.noRetry.invoicesWritten.total') === f('E.noRetry.calls.total'),
  /** "Retrying without a key made every call succeed, and left duplicate invoices behind." */
  naiveRetriesDuplicate: (f) => f('E.retry.failed.total') === 0 && f('E.retry.duplicates.total') > 0,
  /** "With a key, no call failed and no invoice was written twice." */
  keyNeitherFailsNorDuplicates: (f) => f('E.retryKey.failed.total') === 0 && f('E.retryKey.duplicates.total') === 0,
  /** "roughly one call in a hundred": slow calls with a key, percent, in ROUGHLY_ONE_PER_HUNDRED_PERCENT (inclusive). */
  keySlowAboutOnePerHundred: (f) => f('E.retryKey.slowCallsPercent') >= ROUGHLY_ONE_PER_HUNDRED_PERCENT.low && f('E.retryKey.slowCallsPercent') <= ROUGHLY_ONE_PER_HUNDRED_PERCENT.high,
  /** "the slowest took longer than the timeout itself" (ms). */
  slowestBeyondTimeout: (f) => f('E.retryKey.slowestMs.max') > f('E.clientTimeoutMs'),
  /** "The handshake is the expensive part.": a full handshake per call above HANDSHAKE_EXPENSIVE_RATIO × a kept-alive HTTPS call. */
  handshakeExpensive: (f) => f('G.ratio.G2overG1.p50') > HANDSHAKE_EXPENSIVE_RATIO,
  /** "Either way, a TLS connection per call is slower than one kept open": G2 and G3 above G1 (µs). */
  tlsPerCallSlower: (f) => f('G.G2.p50Us') > f('G.G1.p50Us') && f('G.G3.p50Us') > f('G.G1.p50Us'),
  /** "Every resumed connection still reported a key-exchange group." */
  resumeKeepsKeyExchange: (f) => f('G.G3.keyExchangeOnResume') === 1,
  /** "This machine's kernel has no netem, so no delay was added …" */
  noNetem: (f) => f('H.netem') === 0,
  /** "one round trip between zones takes longer than a whole kept-alive call on this machine's loopback" (ms vs µs). */
  zoneRoundTripAboveLoopbackCall: (f) => f('source.aws.azLatencyLowMs') * 1000 > f('B.p50Us'),
  /** "at every level that counts, the p99 timed from the intended send is at least the one timed from the actual send" (case F). */
  correctedNeverSmaller: (f) => f('F.open.correctedBelowUncorrected') === 0,
  /** "No call with a key kept for a day wrote a second invoice under any policy that retries" (case I, the four main runs with retries; no retry cannot write one). */
  noKeyedDuplicatesWithDayLongKeys: (f) => ['immediate', 'backoff', 'budget', 'deadline'].every((k) => f(`I.${k}.duplicates.keyed`) === 0),
  /** "Each policy ran once in this run" (case I runs one storm per policy whatever --runs asks; the short-TTL run is one more). */
  eachPolicyRanOnce: (f) => f('I.runsPerPolicy') === 1,
  /** "nearly three times as much": a chain of three's downtime against one service's. */
  chainDowntimeNearlyTriple: (f) => f('availability.three.999.downtimeMinPerMonth') > NEARLY_TRIPLE_RATIO * f('availability.one.999.downtimeMinPerMonth'),
  /** "The cost grows in direct proportion to the number of services" (cents). */
  costProportional: (f) => f('cost.render.small.prodStaging.services20Cents') === f('cost.instances.services20') * f('cost.render.small.monthCents'),
  /** "tens of dollars": what three services add a month on the smaller instance, in cents, in TENS_OF_DOLLARS_CENTS. */
  tensOfDollars: (f) => f('cost.render.small.prodStaging.services3AddedCents') >= TENS_OF_DOLLARS_CENTS.low && f('cost.render.small.prodStaging.services3AddedCents') < TENS_OF_DOLLARS_CENTS.high,
} satisfies Record<string, Predicate>;

/** A claim's name. */
export type ClaimName = keyof typeof CLAIMS;
