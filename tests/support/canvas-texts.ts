/**
 * Where a page's canvases draw their texts, read in the browser from the 2D context itself (not from
 * Chart.js's internals): every fillText's box (measureText under the transform in force), per canvas,
 * from the canvas's last full clear on, so a redrawn chart counts once. Tests use it to catch texts
 * drawn over one another: tick labels, axis titles and legend entries of a chart.
 */
import type { BrowserContext, Page } from 'playwright-core';

/** A text drawn on a canvas and its box, in canvas pixels. */
export interface DrawnText {
  text: string;
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** Runs in the page before its scripts: wraps clearRect and fillText of every 2D context. */
function recordTexts(): void {
  type Recorded = HTMLCanvasElement & { __drawnTexts?: DrawnText[] };
  const proto = CanvasRenderingContext2D.prototype;
  const { clearRect, fillText } = proto;
  proto.clearRect = function (x, y, w, h) {
    const canvas = this.canvas as Recorded;
    // Chart.js clears the whole canvas (identity transform) before each draw.
    if (x <= 0 && y <= 0 && x + w >= canvas.width && y + h >= canvas.height) canvas.__drawnTexts = [];
    return clearRect.call(this, x, y, w, h);
  };
  proto.fillText = function (text, x, y, maxWidth) {
    const content = String(text);
    if (content.trim() !== '') {
      const m = this.measureText(content);
      const t = this.getTransform();
      const corners = [
        [x - m.actualBoundingBoxLeft, y - m.actualBoundingBoxAscent],
        [x + m.actualBoundingBoxRight, y + m.actualBoundingBoxDescent],
      ].map(([px, py]) => [t.a * px + t.c * py + t.e, t.b * px + t.d * py + t.f]);
      const xs = corners.map((c) => c[0]);
      const ys = corners.map((c) => c[1]);
      const canvas = this.canvas as Recorded;
      (canvas.__drawnTexts ??= []).push({ text: content, left: Math.min(...xs), right: Math.max(...xs), top: Math.min(...ys), bottom: Math.max(...ys) });
    }
    return maxWidth === undefined ? fillText.call(this, text, x, y) : fillText.call(this, text, x, y, maxWidth);
  };
}

/** Records the texts of every canvas on the pages `context` opens from now on. */
export async function recordCanvasTexts(context: BrowserContext): Promise<void> {
  await context.addInitScript(recordTexts);
}

/** The texts the canvas under `selector` drew in its last draw. */
export async function drawnTexts(page: Page, selector: string): Promise<DrawnText[]> {
  return page.$eval(selector, (canvas) => (canvas as HTMLCanvasElement & { __drawnTexts?: DrawnText[] }).__drawnTexts ?? []);
}

/**
 * The pairs of texts whose boxes overlap by more than `tolerancePx` both across and down, as
 * readable lines ('"HTTPS, new" over "HTTP, new"'). Lines of one multi-line label are separate texts.
 */
export function overlappingTexts(texts: readonly DrawnText[], tolerancePx = 1): string[] {
  const pairs: string[] = [];
  texts.forEach((a, i) => {
    for (const b of texts.slice(i + 1)) {
      const across = Math.min(a.right, b.right) - Math.max(a.left, b.left);
      const down = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
      if (across > tolerancePx && down > tolerancePx) pairs.push(`"${a.text}" over "${b.text}"`);
    }
  });
  return pairs;
}
