/**
 * dist/results.json: the exact bytes of the results file this build's page was made from, so a
 * reader can check every figure (kept in the page snapshot). In `astro dev` it serves the current results file.
 */
import type { APIRoute } from 'astro';
import { publishedResults } from '../inputs/page-data.ts';

export const GET: APIRoute = () =>
  new Response(publishedResults().results, { headers: { 'content-type': 'application/json; charset=utf-8' } });
