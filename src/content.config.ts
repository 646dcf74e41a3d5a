/** The article collection: MDX files in content/, with a checked frontmatter. */
import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { z } from 'astro/zod';

const article = defineCollection({
  loader: glob({ pattern: '*.mdx', base: './content' }),
  schema: z.object({
    /** Page title and h1. */
    title: z.string().min(1),
    /** One-sentence summary, shown under the title and as the meta description. */
    description: z.string().min(1),
    /** First publication date, YYYY-MM-DD. */
    published: z.coerce.date(),
    /** Last substantive edit, YYYY-MM-DD; not before `published`. */
    updated: z.coerce.date(),
    /** A deep-dive page's place in the main article's list of deep dives (src/components/Toc.astro). */
    order: z.number().int().optional(),
  }).refine((d) => d.updated >= d.published, { message: 'updated must not be before published', path: ['updated'] }),
});

export const collections = { article };
