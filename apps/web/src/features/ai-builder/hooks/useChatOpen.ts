import { useCallback, useState } from 'react';

/**
 * Whether the chat is open, kept for the browser session beside its conversation: applying a
 * generated view can move the app to another dashboard route (leaving a bookmark's route), which
 * mounts the dashboard again, and the chat the user is reading must stay open there.
 */
export function useChatOpen(historyKey: string): [boolean, (open: boolean) => void] {
  const [opened, setOpened] = useState(() => isChatOpen(historyKey));
  const set = useCallback(
    (open: boolean) => {
      setOpened(open);
      keepChatOpen(historyKey, open);
    },
    [historyKey],
  );
  return [opened, set];
}

/** Whether the chat of a conversation was left open in this browser session. */
export function isChatOpen(historyKey: string): boolean {
  try {
    return window.sessionStorage.getItem(`${historyKey}.open`) === '1';
  } catch {
    return false;
  }
}

export function keepChatOpen(historyKey: string, open: boolean): void {
  try {
    if (open) window.sessionStorage.setItem(`${historyKey}.open`, '1');
    else window.sessionStorage.removeItem(`${historyKey}.open`);
  } catch {
    // Storage unavailable: the chat closes when the dashboard is mounted again.
  }
}
