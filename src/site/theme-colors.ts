/**
 * The page background of each colour scheme, for <meta name="theme-color">. They must equal --bg in
 * src/styles/article.css (light and dark); tests/site/contrast.test.ts checks that they do.
 */
export const THEME_COLORS = { light: '#fdfdfb', dark: '#15171a' } as const;
