/**
 * dist/social.png: the Open Graph / Twitter card image, drawn at build time from this build's
 * headline figures (src/facts/headline.ts: each one fact with the prose's rounding), drawn by src/present/social-image.ts.
 */
import type { APIRoute } from 'astro';
import { getEntry } from 'astro:content';
import { pageData } from '../inputs/page-data.ts';
import { setupParts } from '../present/setup.ts';
import { socialPng, socialSvg } from '../present/social-image.ts';
import { headlineCard } from '../facts/headline.ts';

export const GET: APIRoute = async () => {
  const entry = await getEntry('article', 'split-on-evidence');
  if (!entry) throw new Error('content/split-on-evidence.mdx is missing from the "article" collection');
  const { facts, views } = pageData();
  const parts = setupParts(views.referenceRun.environment);
  const svg = socialSvg(headlineCard(facts, entry.data.title, `${parts.cpu}, ${parts.cores}, ${parts.node}`, parts.date));
  return new Response(new Uint8Array(socialPng(svg)), { headers: { 'content-type': 'image/png' } });
};
