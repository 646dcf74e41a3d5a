/**
 * The main article's section headings (h2), in order: the short answer, then "what to do now", the
 * advice in short before the evidence (issue 29: the reader on a phone meets it first), then the
 * sections of the brief (the beyond suite's cases each have a page of their own,
 * src/site/article-pages.ts), the sources, and the bench's source listing last (so the prose ends
 * with its sources).
 */
export const ARTICLE_SECTIONS = [
  'The short answer',
  'What to do now',
  'What changes when you split: one request, traced',
  'The cost of one boundary, measured',
  'Failure injection: when a reply is late',
  'Availability along a chain',
  'What the benchmark does not show',
  'Why microservices slow a small team',
  'The distributed monolith',
  'When early services are justified',
  'Keeping the monolith splittable',
  'Signals to extract, and false signals',
  'Costs from published prices',
  'MVPs and serverless',
  'Reproducing the numbers',
  'Sources',
  'The source of the bench',
] as const;
