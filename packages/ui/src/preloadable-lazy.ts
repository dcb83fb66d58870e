import { createElement, lazy, useState, type ComponentType } from 'react';

export type PreloadableComponent<P extends object> = ComponentType<P> & {
  /** Starts (or joins) the module's load; once it has resolved, new mounts render without suspending. */
  preload(): Promise<unknown>;
};

/**
 * React.lazy that renders at once when its module has already loaded. A plain lazy component suspends on its first
 * render even then, so a page whose prerendered frame React replaces in its first commit would show the Suspense
 * fallback (a blank skeleton) for a frame between the two.
 */
export function preloadableLazy<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): PreloadableComponent<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<{ default: ComponentType<P> }> | undefined;
  const preload = () => {
    // A failed load is tried again on the next call (React.lazy's own retry is a new render).
    pending ??= load().then(
      (mod) => ((loaded = mod.default), mod),
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };
  const Lazy = lazy(preload);
  function Preloadable(props: P) {
    // Chosen once per mount: switching from the lazy to the loaded component would remount the page.
    const [Direct] = useState(() => loaded);
    return createElement((Direct ?? Lazy) as ComponentType<P>, props);
  }
  return Object.assign(Preloadable, { preload });
}
