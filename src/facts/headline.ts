/**
 * The page's headline figures, each one fact with one rounding, wherever it is shown: the article's
 * prose (content/split-on-evidence.mdx) and the social card (src/pages/social.png.ts).
 *
 * The chain's multiple of one hop is `ratio.DoverB.mean` (facts/chain-facts.ts: each run's mean chained
 * call over the same run's mean single hop, averaged over the runs), to CHAIN_OVER_HOP.digits decimals.
 * The card used to show `ratio.DoverB.p50` (a ratio of the runs' medians) to one decimal, so it read
 * 3.6× beside the prose's 3.72× and the reference table's 3.56× (that table divides medians, the only
 * figure the reference report allows, and says so; it reads ratio.DoverB.p50 from the facts too).
 */
import type { SocialCard } from '../social/social-image.ts';
import { formatFact } from '../format/number.ts';
import { requireFact, type Facts } from './facts.ts';

/** The chain's multiple of one hop: the fact and its decimals (the prose's <Ratio name="ratio.DoverB.mean" digits={2} />). */
export const CHAIN_OVER_HOP = { fact: 'ratio.DoverB.mean', digits: 2 } as const;

/** The chain's multiple of one hop as the page writes it, e.g. "3.72×". @throws FactError when the fact is missing. */
export function chainOverHopText(facts: Facts): string {
  return `${formatFact(CHAIN_OVER_HOP.fact, requireFact(facts, CHAIN_OVER_HOP.fact), { digits: CHAIN_OVER_HOP.digits, unit: false })}×`;
}

/**
 * The social card's text from the page's facts: one keep-alive hop (B p50), the chain's multiple of one
 * hop (CHAIN_OVER_HOP, as in the prose), and the duplicate invoices of retries without and with a key;
 * `footer` is the page's measured line (src/prose/measured-line.ts).
 * @throws FactError when a headline fact is missing.
 */
export function headlineCard(facts: Facts, title: string, footer: string): SocialCard {
  const count = (name: string) => formatFact(name, requireFact(facts, name), { digits: 0 });
  return {
    title,
    figures: [
      ['One HTTP hop, keep-alive (p50)', formatFact('B.p50Us', requireFact(facts, 'B.p50Us'))],
      ['Chain of three services (mean call)', `${chainOverHopText(facts)} one hop`],
      ['Duplicate invoices, retry without key', count('E.retry.duplicates.total')],
      ['Duplicate invoices, retry with key', count('E.retryKey.duplicates.total')],
    ],
    footer,
  };
}
