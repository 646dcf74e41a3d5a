/**
 * dist/results.json: the exact bytes of the results file this build's page was made from, so a
 * reader can check every figure. In `astro dev` it serves the current results file.
 */
import type { APIRoute } from 'astro';
import { pageData } from '../inputs/page-data.ts';

export const GET: APIRoute = () =>
  new Response(pageData().text, { headers: { 'content-type': 'application/json; charset=utf-8' } });
