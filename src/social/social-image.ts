/**
 * The page's social image (Open Graph / Twitter card), drawn from its text (src/facts/headline.ts builds
 * it from the facts): the title and this build's headline figures —
 * one keep-alive hop (B p50), a chain of three services as a multiple of one hop, and the
 * duplicate invoices of retries without and with an idempotency key — with the line of where and when
 * they were measured (src/prose/measured-line.ts), wrapped to fit: nothing on the card is clipped.
 * Drawn as SVG here, turned into a PNG at build time by @resvg/resvg-js with the DejaVu fonts shipped
 * in the dejavu-fonts-ttf package (no system fonts, so every machine draws the same picture).
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { Resvg } from '@resvg/resvg-js';

/** Size of the image, px (the size Open Graph and Twitter's large card expect). */
export const SOCIAL_IMAGE = { widthPx: 1200, heightPx: 630, path: 'social.png' } as const;

/** What the image shows, as lines of text. */
export interface SocialCard {
  title: string;
  /** [label, figure] pairs, in order. */
  figures: [label: string, figure: string][];
  /** Where and when the figures were measured, one sentence (src/prose/measured-line.ts). */
  footer: string;
}

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Splits `text` into lines of at most `max` characters at spaces. */
function wrap(text: string, max: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && line.length + 1 + word.length > max) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

// Characters per line that fit between the margins in DejaVu Sans (its widest common letters at these
// sizes); the test renders the PNG and checks the right margin stays empty.
const TITLE_CHARS = 40;
const FOOTER_CHARS = 76;

/**
 * The card as an SVG document (1200 × 630). Colours: near-black text on off-white, 15:1 and more.
 * @throws Error when the title needs more than two lines or the footer more than two: the card would clip them.
 */
export function socialSvg(card: SocialCard): string {
  const { widthPx: w, heightPx: h } = SOCIAL_IMAGE;
  const titleLines = wrap(card.title, TITLE_CHARS);
  const footerLines = wrap(card.footer, FOOTER_CHARS);
  if (titleLines.length > 2) throw new Error(`social card: the title "${card.title}" needs ${titleLines.length} lines and the card has room for 2. Fix: shorten the article's title (content/split-on-evidence.mdx, field title)`);
  if (footerLines.length > 2) throw new Error(`social card: the footer "${card.footer}" needs ${footerLines.length} lines and the card has room for 2. Fix: shorten the measured line (src/prose/measured-line.ts)`);
  const rows = card.figures
    .map(([label, figure], i) => {
      const y = 300 + i * 62;
      return `<text x="72" y="${y}" font-size="30" fill="#3a3f45">${escape(label)}</text>` +
        `<text x="${w - 72}" y="${y}" font-size="34" font-weight="bold" text-anchor="end" fill="#0e1116">${escape(figure)}</text>`;
    })
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" font-family="DejaVu Sans">` +
    `<rect width="${w}" height="${h}" fill="#fdfdfb"/>` +
    `<rect width="${w}" height="12" fill="#0b5cad"/>` +
    titleLines.map((t, i) => `<text x="72" y="${110 + i * 62}" font-size="50" font-weight="bold" fill="#0e1116">${escape(t)}</text>`).join('') +
    `<line x1="72" y1="245" x2="${w - 72}" y2="245" stroke="#d9dcdf" stroke-width="2"/>` +
    rows +
    footerLines.map((t, i) => `<text x="72" y="${h - 40 - (footerLines.length - 1 - i) * 32}" font-size="24" fill="#3a3f45">${escape(t)}</text>`).join('') +
    `</svg>`
  );
}

const require = createRequire(import.meta.url);

/** The DejaVu Sans files (regular and bold) from the dejavu-fonts-ttf package. */
function fontFiles(): string[] {
  const dir = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
  return [path.join(dir, 'DejaVuSans.ttf'), path.join(dir, 'DejaVuSans-Bold.ttf')];
}

/** Renders the SVG to PNG bytes. @throws Error from resvg when the SVG is malformed. */
export function socialPng(svg: string): Buffer {
  const resvg = new Resvg(svg, { font: { loadSystemFonts: false, fontFiles: fontFiles(), defaultFontFamily: 'DejaVu Sans' } });
  return resvg.render().asPng();
}
