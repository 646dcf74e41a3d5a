/**
 * Dates in words (UTC, so the build machine's zone cannot shift them): a run's timestamp, a calendar
 * day, and the page's dates line. The frontmatter dates say when the text was published and last revised;
 * the figures come from a bench run and the page from a build, each with its own date. They are shown
 * side by side, each labelled, so "revised" never reads as the date of the figures. Dates are UTC days.
 */

// Made once: toLocaleDateString builds a formatter on every call, and a page formats hundreds of dates.
const DAY = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const CLOCK = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hour12: false, timeZone: 'UTC' });

/** A UTC timestamp as "30 November 2026, 06:46 UTC". */
export function formatRunDate(iso: string): string {
  const d = new Date(iso);
  return `${DAY.format(d)}, ${CLOCK.format(d)} UTC`;
}

/** A calendar date as "30 November 2026" (UTC, so the build machine's zone cannot shift it). */
export function formatDay(date: Date): string {
  return DAY.format(date);
}

/** The dates of a page, as inputs. */
export interface PageDatesInput {
  /** Frontmatter `published`: first publication of the text. */
  published: Date;
  /** Frontmatter `updated`: the text's last substantive revision. */
  updated: Date;
  /** The bench run's start (results.environment.startedAt, ISO). */
  runStartedAt: string;
  /** When this page was built. */
  builtAt: Date;
}

/** One labelled date of the line. */
export interface PageDate {
  /** e.g. "text last revised". */
  label: string;
  /** YYYY-MM-DD (UTC), for <time datetime>. */
  iso: string;
  /** e.g. "30 November 2026". */
  text: string;
}

/** The dates disagree in a way no reader could reconcile; the message names the frontmatter field and the fix. */
export class PageDateError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PageDateError';
  }
}

const day = (d: Date) => d.toISOString().slice(0, 10);

/**
 * The labelled dates, in order: published, text last revised, bench run, page built.
 * @throws PageDateError when the text is revised before it was published or after the page was built,
 *   or the run started after the build (a clock or a results file from the future).
 */
export function pageDates(input: PageDatesInput): PageDate[] {
  const run = new Date(input.runStartedAt);
  const field = 'content/split-on-evidence.mdx frontmatter';
  if (day(input.updated) < day(input.published)) {
    throw new PageDateError(`${field}: updated (${day(input.updated)}) is before published (${day(input.published)}); set updated to the day of the last revision`);
  }
  if (day(input.updated) > day(input.builtAt)) {
    throw new PageDateError(`${field}: updated (${day(input.updated)}) is after this build (${day(input.builtAt)}); set updated to the day of the last revision, not a future day`);
  }
  if (day(run) > day(input.builtAt)) {
    throw new PageDateError(`results: the bench run started ${day(run)}, after this build (${day(input.builtAt)}); check the build machine's clock`);
  }
  const entry = (label: string, d: Date): PageDate => ({ label, iso: day(d), text: formatDay(d) });
  return [
    entry('published', input.published),
    entry('text last revised', input.updated),
    entry('figures from the bench run of', run),
    entry('page built', input.builtAt),
  ];
}

/** One suite's run on the dates line: <time datetime> and its words. */
export interface SuiteRunDate {
  /** YYYY-MM-DD, or the full ISO timestamp when the time is shown. */
  iso: string;
  /** "2 December 2026", "2 December 2026, 02:58 UTC" or "04:11 UTC". */
  text: string;
}

/**
 * The two suites' runs for "Figures from the bench runs of ___ (cases A–E) and ___ (cases F–I)": their
 * days when they differ; on the same UTC day, the day once and each run's time (UTC), so the line never
 * repeats one date as if it told the runs apart.
 * @param referenceStartedAt, beyondStartedAt ISO timestamps (results.environment.startedAt).
 */
export function suiteRunDates(referenceStartedAt: string, beyondStartedAt: string): { reference: SuiteRunDate; beyond: SuiteRunDate } {
  const ref = new Date(referenceStartedAt);
  const bey = new Date(beyondStartedAt);
  if (day(ref) !== day(bey)) {
    return { reference: { iso: day(ref), text: formatDay(ref) }, beyond: { iso: day(bey), text: formatDay(bey) } };
  }
  const time = (d: Date) => CLOCK.format(d);
  return {
    reference: { iso: ref.toISOString(), text: `${formatDay(ref)}, ${time(ref)} UTC` },
    beyond: { iso: bey.toISOString(), text: `${time(bey)} UTC` },
  };
}
