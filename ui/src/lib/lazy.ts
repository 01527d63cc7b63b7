// Code-split components that the server renders too. In the browser this is React's `lazy`. In the
// server bundle every render suspends on each of them once, as the browser's first render does:
// renderToStringAsync then wraps them in the `<!--$s-->` markers that let `hydrate` keep the server's
// elements while the chunk loads. (A plain `lazy` suspends only in the first render after start,
// and the pages rendered after it would lose their markers and be replaced on hydration.)
import { type ComponentType, createElement, lazy as browserLazy } from 'react';

// Any props, as React's own `lazy` takes.
type AnyComponent = ComponentType<any>;

/** Counts the server's renders (entry-server.tsx); a component suspends once in each. */
let renderCount = 0;

export function startServerRender(): void {
  renderCount += 1;
}

export function lazyComponent<C extends AnyComponent>(load: () => Promise<{ default: C }>): C {
  if (!import.meta.env.SSR) return browserLazy(load) as unknown as C;
  let loaded: C | undefined;
  let suspendedIn = 0;
  return function ServerLazy(props: object) {
    if (suspendedIn !== renderCount || !loaded) {
      suspendedIn = renderCount;
      throw load().then((module) => {
        loaded = module.default;
      });
    }
    return createElement(loaded, props);
  } as unknown as C;
}
