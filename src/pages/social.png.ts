/**
 * dist/social.png: the Open Graph / Twitter card image, drawn at build time from this build's
 * headline figures (src/social/social-image.ts).
 */
import type { APIRoute } from 'astro';
import { getEntry } from 'astro:content';
import { pageData } from '../inputs/page-data.ts';
import { setupParts } from '../prose/provenance.ts';
import { socialCard, socialPng, socialSvg } from '../social/social-image.ts';

export const GET: APIRoute = async () => {
  const entry = await getEntry('article', 'split-on-evidence');
  if (!entry) throw new Error('content/split-on-evidence.mdx is missing from the "article" collection');
  const { facts, results } = pageData();
  const parts = setupParts(results.environment);
  const svg = socialSvg(socialCard(facts, entry.data.title, `${parts.cpu}, ${parts.cores}, ${parts.node}`, parts.date));
  return new Response(new Uint8Array(socialPng(svg)), { headers: { 'content-type': 'image/png' } });
};
