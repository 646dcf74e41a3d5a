/**
 * The code-highlighting themes of the page, light and dark: one definition for the article's fenced
 * code (astro.config markdown.shikiConfig) and the bench listing (<Code themes>).
 *
 * GitHub's high-contrast themes: every token foreground reaches at least 4.5:1 (WCAG AA, normal text)
 * against the theme's editor background (checked in tests/site/contrast.test.ts). The default GitHub
 * themes do not: orange #e36209 on white is 3.5:1, comments #6a737d on #24292e are 3.0:1.
 * Tokens with a background of their own (diff, "untracked" and carriage-return scopes, none of which
 * occur in TypeScript or JSON) lose both colours and take the editor's foreground, so every token
 * sits on the editor background the test checks against.
 */
import { bundledThemes } from 'shiki/themes';
import type { ThemeRegistration } from 'shiki';

/** Shiki's names for the two bundled themes the page starts from. */
export const CODE_THEME_NAMES = { light: 'github-light-high-contrast', dark: 'github-dark-high-contrast' } as const;

/** A theme as the page uses it: Shiki's, with per-token backgrounds removed. */
export type CodeTheme = ThemeRegistration & { name: string };

async function load(name: keyof typeof bundledThemes): Promise<CodeTheme> {
  const theme = (await bundledThemes[name]()).default as CodeTheme;
  return {
    ...theme,
    name: `${theme.name}-page`,
    tokenColors: (theme.tokenColors ?? []).map((rule) => {
      if (!rule.settings?.background) return rule;
      // The pair was chosen for that background; without it the token takes the editor foreground.
      const { background: _bg, foreground: _fg, ...settings } = rule.settings;
      return { ...rule, settings };
    }),
  };
}

let cached: Promise<{ light: CodeTheme; dark: CodeTheme }> | undefined;

/** The light and dark themes (loaded once). @throws Error when Shiki lacks a named theme. */
export function loadCodeThemes(): Promise<{ light: CodeTheme; dark: CodeTheme }> {
  cached ??= Promise.all([load(CODE_THEME_NAMES.light), load(CODE_THEME_NAMES.dark)]).then(([light, dark]) => ({ light, dark }));
  return cached;
}
