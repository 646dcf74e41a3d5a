/**
 * Progressive enhancement for the source listing: reveals each "Copy" button and copies the text of
 * the element named by its data-copy-target; a polite live region beside the button (.copy-status)
 * tells screen-reader users that the copy happened. Without JavaScript (or clipboard access) the
 * buttons stay hidden and the code is still selectable text.
 */

/** Reveals and wires every [data-copy-target] button under `root`. */
export function enableCopyButtons(root: ParentNode): void {
  if (!navigator.clipboard) return;
  for (const button of root.querySelectorAll<HTMLButtonElement>('button[data-copy-target]')) {
    const target = document.getElementById(button.dataset.copyTarget ?? '');
    if (!target) continue;
    const status = button.parentElement?.querySelector<HTMLElement>('.copy-status') ?? null;
    button.hidden = false;
    button.addEventListener('click', async () => {
      const label = button.textContent;
      try {
        await navigator.clipboard.writeText(target.querySelector('pre')?.textContent ?? target.textContent ?? '');
        button.textContent = 'Copied';
      } catch {
        button.textContent = 'Copy failed';
      }
      if (status) status.textContent = button.textContent === 'Copied' ? 'Copied to the clipboard.' : 'Copy failed.';
      setTimeout(() => {
        button.textContent = label;
        if (status) status.textContent = '';
      }, 1500);
    });
  }
}

/**
 * Opens the <details> that the URL's fragment names (a link such as /source/#src-src-cli-ts), now and
 * whenever the fragment changes, so a link to a file shows its code.
 */
export function openLinkedDetails(root: Document): void {
  const open = () => {
    const id = decodeURIComponent(location.hash.slice(1));
    const target = id ? root.getElementById(id) : null;
    if (target instanceof HTMLDetailsElement && !target.open) {
      target.open = true;
      target.scrollIntoView();
    }
  };
  open();
  window.addEventListener('hashchange', open);
}
