import { lazy, Suspense, useState, useSyncExternalStore, type ComponentType, type ReactNode } from 'react';

/** A component whose code is a chunk of its own, and the way to fetch that chunk early. */
export type OnDemand<P> = ComponentType<P> & {
  /** Starts loading the chunk (on hover, focus, or when the browser is idle); once is enough. */
  preload: () => Promise<unknown>;
};

/**
 * A `React.lazy` component and the load of its code, shared by every caller: the code is fetched
 * once, and a failed fetch is tried again by the next caller.
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loading: Promise<{ default: ComponentType<P> }> | null = null;
  const preload = () => {
    loading ??= load()
      .then((component) => ({ default: component }))
      .catch((error: unknown) => {
        loading = null;
        throw error;
      });
    return loading;
  };
  return { Lazy: lazy(preload), preload };
}

/**
 * A component loaded the first time it renders, so a page downloads only what it draws: dialogs,
 * menus and panes load when they open (or earlier, through `preload`). Until the chunk is there
 * it renders `fallback`. A prefetch that failed is tried again when the component first renders.
 */
export function onDemand<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: ReactNode = null,
): OnDemand<P> {
  const { Lazy, preload } = lazyComponent(load);
  function Loaded(props: P) {
    return (
      <Suspense fallback={fallback}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return Object.assign(Loaded, { preload });
}

/** Handlers for what opens on-demand components: pointing at it or focusing it fetches their code. */
export function preloadOnIntent(...components: readonly { preload: () => Promise<unknown> }[]) {
  const preload = () => {
    for (const component of components) component.preload().catch(() => {});
  };
  return { onPointerEnter: preload, onFocus: preload };
}

/** A component whose code only a `preload` fetches, never a render, and what tells when it is here. */
export type Deferred<P> = {
  preload: () => Promise<ComponentType<P>>;
  /** Whether the code is here (the caller draws a plain stand-in until then). */
  useReady: () => boolean;
  /** Draws the loaded component; render it only once `useReady()` says so. */
  Loaded: ComponentType<P>;
};

/**
 * For what a page draws in a plain form first and enhances once the code is here: a menu's button
 * before the menu, a label before its tooltip. Unlike `onDemand`, rendering does not start the
 * download (the page would still wait for it): an idle prefetch or the user's intent does.
 * `Loaded` is one component for the page's life, so React keeps its state across renders.
 */
export function deferred<P extends object>(load: () => Promise<ComponentType<P>>): Deferred<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  const listeners = new Set<() => void>();
  const preload = () => {
    loading ??= load().then(
      (component) => {
        loaded = component;
        for (const listener of listeners) listener();
        return component;
      },
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
    return loading;
  };
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  };
  const ready = () => loaded !== null;
  function Loaded(props: P) {
    const Component = loaded;
    if (Component === null) throw new Error('rendered before its code was loaded');
    return <Component {...props} />;
  }
  return { preload, useReady: () => useSyncExternalStore(subscribe, ready, ready), Loaded };
}

/**
 * Whether the pointer is on a stand-in (over it or pressing it): the loaded component must not
 * replace it then, or a click under way would land on an element no longer in the page. Released
 * when the pointer leaves, or by a click that should bring the loaded component (`release`).
 */
export function useStandInPress() {
  const [pressed, setPressed] = useState(false);
  const hold = () => setPressed(true);
  return {
    pressed,
    release: () => setPressed(false),
    handlers: { onPointerEnter: hold, onPointerDown: hold, onPointerLeave: () => setPressed(false) },
  };
}
