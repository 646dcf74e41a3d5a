/** /beyond-results.json: the exact beyond-suite results file the page was built from. */
import type { APIRoute } from 'astro';
import { publishedResults } from '../inputs/page-data.ts';

export const GET: APIRoute = () =>
  new Response(publishedResults().beyondResults, { headers: { 'content-type': 'application/json; charset=utf-8' } });
