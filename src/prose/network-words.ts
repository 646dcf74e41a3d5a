/** Case H's derived words (the TLS and network page): its calls per run, and each case across the veth pair against loopback. */
import type { DerivedWord } from '../claims/named.ts';
import { formatNumber } from '../format/number.ts';
import { listWords } from '../format/list-words.ts';
import { acrossRuns } from './across-runs.ts';

export const NETWORK_WORDS = {
  /**
   * Case H's calls per run across the pair, plain and TLS, as a clause: "1,000 timed calls of B, 200 of C,
   * 500 of D, 1,000 of G1, 200 of G2 and 200 of G3 per run" (H.X.timedCalls, H.G.Gn.timedCalls).
   */
  vethCounts: (f) => {
    const counts = ['B', 'C', 'D', 'G.G1', 'G.G2', 'G.G3'].map((c) => `${formatNumber(f(`H.${c}.timedCalls`), 0)} ${c === 'B' ? 'timed calls ' : ''}of ${c.replace('G.', '')}`);
    return `${listWords(counts)} per run`;
  },
  /** TLS page, case H: B across the veth pair against loopback. */
  vethB: (f) => acrossRuns(f, 'H.ratio.BvethOverB.p50', 'across the pair it costs', 'it does on loopback', 'a second network stack'),
  /** TLS page, case H: C across the veth pair against loopback. */
  vethC: (f) => acrossRuns(f, 'H.ratio.CvethOverC.p50', 'across the pair it costs', 'it does on loopback', 'a second network stack'),
  /** TLS page, case H: D (its caller's hop across the pair) against loopback. */
  vethD: (f) => acrossRuns(f, 'H.ratio.DvethOverD.p50', 'across the pair it costs', 'it does on loopback', 'a second network stack'),
  /** TLS page, case H: G1 (HTTPS, kept alive) across the veth pair against G1 on loopback. */
  vethG1: (f) => acrossRuns(f, 'H.ratio.G1vethOverG1.p50', 'across the pair it costs', 'it does on loopback', 'a second network stack'),
  /** TLS page, case H: G2 across the veth pair against G2 on loopback. */
  vethG2: (f) => acrossRuns(f, 'H.ratio.G2vethOverG2.p50', 'across the pair it costs', 'it does on loopback', 'a second network stack'),
  /** TLS page, case H: G3 (resumed session) across the veth pair against G3 on loopback. */
  vethG3: (f) => acrossRuns(f, 'H.ratio.G3vethOverG3.p50', 'across the pair it costs', 'it does on loopback', 'a second network stack'),
} satisfies Record<string, DerivedWord>;
