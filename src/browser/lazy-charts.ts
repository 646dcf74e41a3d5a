/**
 * Draws each chart figure ([data-chart]) when it comes near the viewport, not all at load: Chart.js
 * (src/browser/charts.ts, a separate chunk) is fetched only when the first chart is about to be
 * seen, so no chart delays the first paint. Browsers without IntersectionObserver draw all at once.
 */

/** Margin around the viewport at which a chart starts drawing, so it is ready when scrolled to. */
const AHEAD = '300px 0px';

/** Watches every [data-chart] figure under `root` and draws each as it nears the viewport. */
export function drawChartsWhenVisible(root: ParentNode = document): void {
  const figures = [...root.querySelectorAll<HTMLElement>('[data-chart]')];
  if (figures.length === 0) return;
  const draw = (figure: HTMLElement) =>
    import('./charts.ts').then(({ renderChart }) => renderChart(figure)).catch((error: Error) => {
      console.error(`chart ${figure.id || '(no id)'}: cannot load the chart code: ${error.message}`);
    });
  if (!('IntersectionObserver' in window)) {
    figures.forEach(draw);
    return;
  }
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        observer.unobserve(entry.target);
        void draw(entry.target as HTMLElement);
      }
    },
    { rootMargin: AHEAD },
  );
  figures.forEach((f) => observer.observe(f));
}
