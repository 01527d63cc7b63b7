// One polite live region for the whole page, outside any component: a page whose content is
// replaced while new data loads (a portfolio filter) would otherwise announce from a region that
// has just been created, which screen readers skip.
let region: HTMLElement | undefined;

function liveRegion(): HTMLElement | undefined {
  if (typeof document === 'undefined') return undefined;
  if (region?.isConnected) return region;
  region = document.createElement('div');
  region.setAttribute('role', 'status');
  region.setAttribute('aria-live', 'polite');
  region.setAttribute('aria-atomic', 'true');
  region.dataset.testid = 'announcer';
  region.className = 'sr-only';
  document.body.append(region);
  return region;
}

// Created as soon as a page that announces is loaded, so that it exists before its first message.
liveRegion();

/** Says `message` to screen-reader users, politely (after what they are hearing). */
export function announce(message: string): void {
  const target = liveRegion();
  if (!target) return;
  // A repeated message is announced again only if the region's text changes.
  target.textContent = '';
  requestAnimationFrame(() => {
    target.textContent = message;
  });
}
