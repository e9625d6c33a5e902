import { useEffect, useRef } from 'react';

/** Where typing belongs to a field, not to the page. */
function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * Calls `onMatch` when `secret` is typed on the page (spec 002 §2: the hidden testing panel opens
 * when a particular 8-character string is typed on the dashboard). Keys typed into a field, with
 * Ctrl, Alt or Meta, or that are not a single character never count; case is ignored.
 */
export function useTypedSecret(secret: string, onMatch: () => void): void {
  const latest = useRef(onMatch);
  useEffect(() => {
    latest.current = onMatch;
  });
  useEffect(() => {
    const wanted = secret.toLowerCase();
    let typed = '';
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.altKey || event.metaKey || isTypingTarget(event.target)) return;
      if (event.key.length !== 1) return;
      typed = (typed + event.key.toLowerCase()).slice(-wanted.length);
      if (typed === wanted) {
        typed = '';
        latest.current();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [secret]);
}
