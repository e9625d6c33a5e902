import { useCallback, useState } from 'react';

/**
 * Whether the chat is open, kept for the browser session beside its conversation: applying a
 * generated view can move the app to another dashboard route (leaving a bookmark's route), which
 * mounts the dashboard again, and the chat the user is reading must stay open there.
 */
export function useChatOpen(historyKey: string): [boolean, (open: boolean) => void] {
  const key = `${historyKey}.open`;
  const [opened, setOpened] = useState(() => read(key));
  const set = useCallback(
    (open: boolean) => {
      setOpened(open);
      try {
        if (open) window.sessionStorage.setItem(key, '1');
        else window.sessionStorage.removeItem(key);
      } catch {
        // Storage unavailable: the chat closes when the dashboard is mounted again.
      }
    },
    [key],
  );
  return [opened, set];
}

function read(key: string): boolean {
  try {
    return window.sessionStorage.getItem(key) === '1';
  } catch {
    return false;
  }
}
