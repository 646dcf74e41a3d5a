/**
 * The dates paragraph of a page's collapsed "Dates, machines and runs": when the text was published and
 * last revised, which bench runs its figures come from, and when the page was built. Pure: dates in,
 * words and <time> slots out; the layout (ArticlePage.astro) places each slot as a <time> element.
 */

/** A date as the sentence shows it: its machine-readable form and its words. */
export interface DatedText {
  /** For <time datetime>: YYYY-MM-DD, or a full ISO timestamp when a time of day is shown. */
  iso: string;
  /** e.g. "30 November 2026", or "2 December 2026, 02:58 UTC". */
  text: string;
}

/** One piece of the sentence: plain words, or a date with the key it carries as `data-date`. */
export type DatesPiece = string | (DatedText & { key: 'published' | 'revised' | 'run' | 'beyond-run' | 'built' });

/** What the paragraph says: the text's two dates, the runs behind the page's figures, and the build's day. */
export interface DatesInput {
  published: DatedText;
  revised: DatedText;
  /** The reference suite's run (cases A–E), when the page shows its figures. */
  referenceRun?: DatedText;
  /** The beyond suite's run (cases F–I), when the page shows its figures. */
  beyondRun?: DatedText;
  built: DatedText;
}

/**
 * The paragraph, in order, e.g. "Published ‹1 December 2026›; text last revised ‹2 December 2026›.
 * Figures from the bench runs of ‹…› (cases A–E) and ‹…› (cases F–I); page built ‹…›."
 * @throws RangeError when neither run is given (every page shows the figures of at least one suite).
 */
export function datesPieces(input: DatesInput): DatesPiece[] {
  const { referenceRun: ref, beyondRun: bey } = input;
  const runs: DatesPiece[] =
    ref && bey
      ? ['Figures from the bench runs of ', { ...ref, key: 'run' }, ' (cases A–E) and ', { ...bey, key: 'beyond-run' }, ' (cases F–I); ']
      : bey
        ? ['Figures from the bench run of ', { ...bey, key: 'beyond-run' }, ' (cases F–I); ']
        : ref
          ? ['Figures from the bench run of ', { ...ref, key: 'run' }, '; ']
          : [];
  if (runs.length === 0) throw new RangeError('datesPieces: a page shows the figures of at least one suite; give referenceRun, beyondRun or both');
  return [
    'Published ',
    { ...input.published, key: 'published' },
    '; text last revised ',
    { ...input.revised, key: 'revised' },
    '. ',
    ...runs,
    'page built ',
    { ...input.built, key: 'built' },
    '.',
  ];
}
