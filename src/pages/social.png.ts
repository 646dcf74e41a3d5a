/**
 * dist/social.png: the Open Graph / Twitter card image, drawn at build time from this build's
 * headline figures (src/facts/headline.ts: each one fact with the prose's rounding), drawn by src/social/social-image.ts.
 */
import type { APIRoute } from 'astro';
import { getEntry } from 'astro:content';
import { pageData } from '../inputs/page-data.ts';
import { measuredLine } from '../prose/measured-line.ts';
import { socialPng, socialSvg } from '../social/social-image.ts';
import { headlineCard } from '../facts/headline.ts';

export const GET: APIRoute = async () => {
  const entry = await getEntry('article', 'split-on-evidence');
  if (!entry) throw new Error('content/split-on-evidence.mdx is missing from the "article" collection');
  const { facts, views } = pageData();
  // The card's figures are cases B, D and E: the reference suite's run.
  const svg = socialSvg(headlineCard(facts, entry.data.title, measuredLine([{ cases: 'Cases A–E', ...views.referenceRun.environment }], true)));
  return new Response(new Uint8Array(socialPng(svg)), { headers: { 'content-type': 'image/png' } });
};
