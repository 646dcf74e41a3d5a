/**
 * Progressive enhancement for the source listing: reveals each "Copy" button and copies the text of
 * the element named by its data-copy-target. Without JavaScript (or clipboard access) the buttons stay
 * hidden and the code is still selectable text.
 */

/** Reveals and wires every [data-copy-target] button under `root`. */
export function enableCopyButtons(root: ParentNode): void {
  if (!navigator.clipboard) return;
  for (const button of root.querySelectorAll<HTMLButtonElement>('button[data-copy-target]')) {
    const target = document.getElementById(button.dataset.copyTarget ?? '');
    if (!target) continue;
    button.hidden = false;
    button.addEventListener('click', async () => {
      const label = button.textContent;
      try {
        await navigator.clipboard.writeText(target.querySelector('pre')?.textContent ?? target.textContent ?? '');
        button.textContent = 'Copied';
      } catch {
        button.textContent = 'Copy failed';
      }
      setTimeout(() => (button.textContent = label), 1500);
    });
  }
}
