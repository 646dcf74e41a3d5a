/** /beyond-results.json: the exact beyond-suite results file the page was built from. */
import type { APIRoute } from 'astro';
import { pageData } from '../inputs/page-data.ts';

export const GET: APIRoute = () =>
  new Response(pageData().beyond.text, { headers: { 'content-type': 'application/json; charset=utf-8' } });
