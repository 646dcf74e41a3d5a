/**
 * Colour contrast, computed rather than judged by eye (WCAG 2.2 AA): every token colour of the code
 * themes against the theme's background (4.5:1), every text colour of the page against every
 * background it is used on, in light and dark (4.5:1), chart series and focus outlines against the
 * page (3:1, graphical objects), and theme-color equal to the page background. The browser tests run
 * axe-core on the built pages as well.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { loadCodeThemes } from '../../src/highlight/code-themes.ts';
import { THEME_COLORS } from '../../src/site/theme-colors.ts';
import { blend, contrastRatio, parseColour } from '../support/contrast.ts';
import { ROOT } from '../support/site-build.ts';

const TEXT = 4.5;
const GRAPHIC = 3;

describe('the contrast helper', () => {
  test('matches known ratios', () => {
    assert.equal(contrastRatio('#000', '#fff'), 21);
    assert.equal(contrastRatio('#fff', '#fff'), 1);
    assert.equal(contrastRatio('#777777', '#ffffff').toFixed(2), '4.48');
    // The figures for GitHub's default themes.
    assert.equal(contrastRatio('#e36209', '#ffffff').toFixed(2), '3.49');
    assert.equal(contrastRatio('#6a737d', '#24292e').toFixed(2), '3.05');
    // Half-transparent black over white is mid grey.
    assert.deepEqual(parseColour('rgba(0, 0, 0, 0.5)'), { rgb: [0, 0, 0], alpha: 0.5 });
    assert.deepEqual(blend('rgba(0, 0, 0, 0.5)', '#ffffff'), [127.5, 127.5, 127.5]);
    assert.equal(contrastRatio('rgba(0, 0, 0, 0.5)', '#ffffff'), contrastRatio('rgb(127.5, 127.5, 127.5)', '#ffffff'));
  });
});

describe('code themes', async () => {
  const themes = await loadCodeThemes();
  for (const [scheme, theme] of Object.entries(themes)) {
    test(`${scheme} (${theme.name}): every token colour reaches ${TEXT}:1 on the editor background`, () => {
      const bg = theme.colors?.['editor.background'];
      const fg = theme.colors?.['editor.foreground'];
      assert.ok(bg && fg, 'the theme names its background and foreground');
      const failures: string[] = [];
      const check = (colour: string, what: string) => {
        const ratio = contrastRatio(colour, bg);
        if (ratio < TEXT) failures.push(`${what} ${colour} on ${bg}: ${ratio.toFixed(2)}:1`);
      };
      check(fg, 'foreground');
      let tokens = 0;
      for (const rule of theme.tokenColors ?? []) {
        assert.equal(rule.settings?.background, undefined, 'per-token backgrounds are dropped');
        if (!rule.settings?.foreground) continue;
        tokens++;
        check(rule.settings.foreground, `token ${JSON.stringify(rule.scope)}`);
      }
      assert.ok(tokens > 10, `the theme has token colours (${tokens})`);
      assert.deepEqual(failures, []);
    });
  }

  test('GitHub\'s default themes would fail (the check can fail)', async () => {
    const { bundledThemes } = await import('shiki/themes');
    const dark = (await bundledThemes['github-dark']()).default;
    const bg = dark.colors!['editor.background']!;
    const low = (dark.tokenColors ?? []).filter((r) => r.settings?.foreground && contrastRatio(r.settings.foreground, bg) < TEXT);
    assert.ok(low.length > 0);
  });
});

/** Custom properties of `:root` (light) and of the dark-scheme `:root`, from the page's stylesheet. */
function cssSchemes(css: string): { light: Record<string, string>; dark: Record<string, string> } {
  const props = (block: string) => Object.fromEntries([...block.matchAll(/(--[\w-]+):\s*([^;]+);/g)].map((m) => [m[1]!, m[2]!.trim()]));
  const light = /^:root\s*\{([^}]*)\}/m.exec(css);
  const dark = /@media \(prefers-color-scheme: dark\)\s*\{\s*:root\s*\{([^}]*)\}/.exec(css);
  assert.ok(light && dark, 'article.css has a light :root and a dark-scheme :root');
  const l = props(light[1]!);
  return { light: l, dark: { ...l, ...props(dark[1]!) } };
}

describe('page colours', () => {
  const css = readFileSync(path.join(ROOT, 'src/styles/article.css'), 'utf8');
  const schemes = cssSchemes(css);
  const chartCss = readFileSync(path.join(ROOT, 'src/components/charts/ChartFigure.astro'), 'utf8');

  /** Text colours and the backgrounds each is drawn on (see article.css and the components). */
  const TEXT_PAIRS: [fg: string, bg: string, where: string][] = [
    ['--fg', '--bg', 'body text'],
    ['--fg', '--surface', 'inline code, provenance panel, copy buttons'],
    ['--fg', '--code-bg', 'bench output'],
    ['--fg', '--mark', 'highlighted text'],
    ['--muted', '--bg', 'captions, dates, table notes, noise marks, line counts'],
    ['--muted', '--surface', 'provenance labels'],
    ['--accent', '--bg', 'links'],
    ['--accent', '--surface', 'links in the provenance panel'],
    ['--accent-visited', '--bg', 'visited links'],
    ['--accent-visited', '--surface', 'visited links in the provenance panel'],
  ];

  for (const scheme of ['light', 'dark'] as const) {
    const vars = schemes[scheme];
    const value = (name: string) => {
      const v = vars[name];
      assert.ok(v, `${name} is defined for ${scheme}`);
      return v;
    };
    test(`${scheme}: every text colour reaches ${TEXT}:1 on its backgrounds`, () => {
      const failures = TEXT_PAIRS.map(([fg, bg, where]) => ({ where, fg, bg, ratio: contrastRatio(value(fg), value(bg)) }))
        .filter((p) => p.ratio < TEXT)
        .map((p) => `${p.where}: ${p.fg} ${value(p.fg)} on ${p.bg} ${value(p.bg)} is ${p.ratio.toFixed(2)}:1`);
      assert.deepEqual(failures, []);
    });

    test(`${scheme}: focus outlines and chart series reach ${GRAPHIC}:1 on the page`, () => {
      const block = scheme === 'light' ? /\.chart \{([^}]*)\}/.exec(chartCss) : /prefers-color-scheme: dark\)\s*\{\s*\.chart \{([^}]*)\}/.exec(chartCss);
      assert.ok(block, `ChartFigure.astro has ${scheme} chart colours`);
      const series = [...block[1]!.matchAll(/--chart-(\d):\s*(#[0-9a-f]+)/gi)].map((m) => [`--chart-${m[1]}`, m[2]!] as const);
      assert.equal(series.length, 4);
      const failures = [['--accent (focus outline)', value('--accent')] as const, ...series]
        .map(([name, colour]) => ({ name, colour, ratio: contrastRatio(colour, value('--bg')) }))
        .filter((p) => p.ratio < GRAPHIC)
        .map((p) => `${p.name} ${p.colour} on ${value('--bg')}: ${p.ratio.toFixed(2)}:1`);
      assert.deepEqual(failures, []);
    });

    test(`${scheme}: theme-color is the page background`, () => {
      assert.equal(THEME_COLORS[scheme], value('--bg'));
    });
  }
});
