/**
 * Figures reported by the article's cited sources, as named facts ("source.*"), so that no figure is
 * typed into the prose. Each entry names the source it comes from; the article cites the same source
 * next to the figure and in its reference list. These are the sources' numbers, not measurements.
 */
import { mergeFacts, type Facts } from './facts.ts';

/** A figure from a cited source. */
interface SourceFigure {
  value: number;
  /** Author, title and date of the source, as cited in the article. */
  source: string;
}

const FIGURES: Record<string, SourceFigure> = {
  // Alexandra Noonan, "Goodbye Microservices", Segment, July 2018.
  'source.segment.engineersOnUpkeep': { value: 3, source: 'Noonan, Goodbye Microservices, 2018-07' },
  'source.segment.servicesMerged': { value: 140, source: 'Noonan, Goodbye Microservices, 2018-07' },
  'source.segment.libraryImprovementsBefore': { value: 32, source: 'Noonan, Goodbye Microservices, 2018-07' },
  'source.segment.libraryImprovementsAfter': { value: 46, source: 'Noonan, Goodbye Microservices, 2018-07' },
  // Philip Müller, "Under Deconstruction: The State of Shopify's Monolith", Shopify, September 2020.
  'source.shopify.linesOfRuby': { value: 2_800_000, source: 'Müller, Under Deconstruction, 2020-09' },
  'source.shopify.commits': { value: 500_000, source: 'Müller, Under Deconstruction, 2020-09' },
  'source.shopify.components': { value: 37, source: 'Müller, Under Deconstruction, 2020-09' },
  // DevClass, "Reduce costs by 90% by moving from microservices to monolith: Amazon internal case study
  // raises eyebrows", 5 May 2023 (https://devclass.com/2023/05/05/reduce-costs-by-90-by-moving-from-microservices-to-monolith-amazon-internal-case-study-raises-eyebrows/),
  // reporting a Prime Video Tech post. The same figure appears in the headline.
  'source.primeVideo.costReductionPercent': { value: 90, source: 'DevClass, Reduce costs by 90% by moving from microservices to monolith, 2023-05-05' },
};

/** Cited figures by name (see the table above for each one's source). */
export function sourceFacts(): Facts {
  return mergeFacts(Object.fromEntries(Object.entries(FIGURES).map(([name, f]) => [name, f.value])));
}
