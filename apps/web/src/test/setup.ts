import '@testing-library/jest-dom/vitest';
import { loadZodMessages } from '@maya/contracts';
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Pages, menus and dialogs are lazy chunks: on a busy two-core CI machine the first import of one
// can take longer than Testing Library's default 1 s wait, and in a fresh clone it also waits for
// Vite to transform the chunk's modules for the first time (an embed test's menu took over 5 s so
// once, with the unit tests of every package running beside it). One generous wait for every
// test, not per file; still under the 15 s a test may take (vitest.config.ts).
configure({ asyncUtilTimeout: 10_000 });

loadZodMessages();

// jsdom lacks the browser APIs Mantine reads.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string): MediaQueryList => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserverStub });
}

window.HTMLElement.prototype.scrollIntoView ??= () => {};

afterEach(() => {
  cleanup();
  // Mantine's toasts live in a module-level store: a test's toasts must not fill the next one's.
  notifications.clean();
  notifications.cleanQueue();
  window.localStorage.clear();
  window.sessionStorage.clear();
  document.cookie.split(';').forEach((part) => {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; Path=/; Max-Age=0`;
  });
});
