/**
 * WCAG 2.x contrast ratio between two sRGB colours (https://www.w3.org/TR/WCAG22/#dfn-contrast-ratio),
 * for the colour tests. Colours: "#rgb", "#rrggbb", "#rrggbbaa" or "rgba(r, g, b, a)"; a translucent
 * colour is first blended over the background it sits on.
 */

/** An opaque colour, channels 0–255. */
export type Rgb = [number, number, number];

/**
 * Parses a CSS colour of the forms above into channels and alpha (0–1).
 * @throws Error naming the text when it is not one of those forms.
 */
export function parseColour(text: string): { rgb: Rgb; alpha: number } {
  const t = text.trim().toLowerCase();
  let m = /^#([0-9a-f]{3,8})$/.exec(t);
  if (m && [3, 4, 6, 8].includes(m[1]!.length)) {
    let h = m[1]!;
    if (h.length <= 4) h = [...h].map((c) => c + c).join('');
    const n = (i: number) => parseInt(h.slice(i, i + 2), 16);
    return { rgb: [n(0), n(2), n(4)], alpha: h.length === 8 ? n(6) / 255 : 1 };
  }
  m = /^rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)(?:[\s,/]+([\d.]+))?\s*\)$/.exec(t);
  if (m) return { rgb: [Number(m[1]), Number(m[2]), Number(m[3])], alpha: m[4] === undefined ? 1 : Number(m[4]) };
  throw new Error(`not a colour this test understands: "${text}"`);
}

/** `fg` blended over the opaque `bg`. */
export function blend(fg: string, bg: string): Rgb {
  const f = parseColour(fg);
  const b = parseColour(bg).rgb;
  return f.rgb.map((c, i) => c * f.alpha + b[i]! * (1 - f.alpha)) as Rgb;
}

/** Relative luminance of an opaque colour. */
export function luminance([r, g, b]: Rgb): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** Contrast ratio (1–21) of `fg` on the opaque background `bg`. */
export function contrastRatio(fg: string, bg: string): number {
  const a = luminance(blend(fg, bg));
  const b = luminance(parseColour(bg).rgb);
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}
