/** The article's section headings (h2), in order: the fourteen sections of the brief and the sources. */
export const ARTICLE_SECTIONS = [
  'The short answer',
  'What changes when you split: one request, traced',
  'The cost of one boundary, measured',
  'Failure injection: when a reply is late',
  'When failures cluster: retry storms',
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
] as const;
