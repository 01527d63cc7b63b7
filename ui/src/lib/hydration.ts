// Whether the page in the browser came rendered by the server (src/render/) and is being hydrated:
// then what the server rendered (the footer) is rendered at once rather than when the browser is idle.
let hydrating = false;

/** main.tsx: the app is about to hydrate the server's HTML. */
export function startHydration(): void {
  hydrating = true;
}

export function isHydrating(): boolean {
  return hydrating;
}
