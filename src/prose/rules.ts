/**
 * The prose layer's rules: every threshold at which a word or a claim changes, in one place, so that
 * "about", "close to", "nearly" and "roughly" mean one thing each across the page. The sentences
 * (src/prose/*-words.ts), the claims (src/prose/claims.ts), the noise rule's standing
 * (src/claims/standing.ts) and the claims' own facts (src/prose/word-facts.ts) read them from here.
 * Constants only: this module imports nothing.
 */

/**
 * The one tolerance: how far a value may stand from its reference and still read "about", "close to"
 * or "near" it, as a fraction of the reference (0.1 = ±10%). It decides <Relation>, the standing of a
 * figure judged from one run (standing.ts), "about twice" against "about 2.3 times" (ratioPhrase),
 * "less than / about / more than the timed median" (untimedVsTimed), when a ratio below 1 reads as
 * lower than its reference at all (acrossRuns: a lower figure within it is "close to", with nothing
 * to explain), and, beside the spread of two runs, case I's one-run rule between policies. Claims
 * read it as the fact `words.nearTolerance`. Why 10%: the band the page has used for "close to" since
 * its words were first guarded (issue 9); wide enough that a difference of a few per cent, which one
 * run cannot tell from noise, reads "about" rather than "more" or "less".
 */
export const RELATION_TOLERANCE = 0.1;

/**
 * How close a share must be to all of it (1) or to half (0.5) to read "about all" / "about half", as
 * an absolute difference of the share (0.02 = two percentage points; sharePhrase). Not the relation
 * tolerance: a share of 0.91 is "about 90%", not "about all", since "all" admits no fraction of
 * itself as noise, so the band is the rounding a reader allows "half" and "all", not the runs' spread.
 */
export const SHARE_ABOUT_TOLERANCE = 0.02;

/**
 * Case I: at or below this share of the retries its clients asked for (retries let through ÷ retries
 * asked for, a fraction), the retry budget in effect turned retries off, and is not credited with
 * capping a storm (budgetVerdict). A share, not a tolerance around a reference: one retry in ten
 * reaching the server is too few to have shaped the recovery the page credits to a budget.
 */
export const RETRIES_OFF_SHARE = 0.1;

/**
 * "at least a hundred times": B ÷ A above this (unitless ratio; claim orderingCarriesOver, on both
 * machines). The words' own number: the article says "far below", and a hundred is what it names.
 */
export const FAR_BELOW_RATIO = 100;

/**
 * "about one for every hundred calls": duplicates per hundred calls without a key in [low, high)
 * (claim retryDuplicatesAboutOnePerHundred). The range that rounds to one: from 0.5 up to, not
 * including, 1.5.
 */
export const ABOUT_ONE_PER_HUNDRED = { low: 0.5, high: 1.5 } as const;

/**
 * "roughly one call in a hundred": slow calls with a key, in percent, in [low, high] (claim
 * keySlowAboutOnePerHundred). Wider above than ABOUT_ONE_PER_HUNDRED: "roughly" admits up to twice
 * the one it names, "about one" only what rounds to one.
 */
export const ROUGHLY_ONE_PER_HUNDRED_PERCENT = { low: 0.5, high: 2 } as const;

/**
 * "The handshake is the expensive part.": a full handshake per call (G2) above this multiple of a
 * kept-alive HTTPS call (G1) at p50 (unitless; claim handshakeExpensive). Above twice, the handshake
 * costs more than the whole rest of the call, which is what "the expensive part" says.
 */
export const HANDSHAKE_EXPENSIVE_RATIO = 2;

/**
 * "nearly three times as much": a chain of three's downtime above this multiple of one service's
 * (unitless; claim chainDowntimeNearlyTriple). Three services at 99.9% each give 2.997×; "nearly
 * three" holds from 2.9, within a thirtieth of it.
 */
export const NEARLY_TRIPLE_RATIO = 2.9;

/**
 * "tens of dollars": what three services add a month on the smaller instance, in cents, in
 * [low, high) (claim tensOfDollars): from $10 up to, not including, $100.
 */
export const TENS_OF_DOLLARS_CENTS = { low: 1000, high: 10000 } as const;
