import { readSessionFlag, writeSessionFlag } from '../../../shared/lib/storage';
import { useSessionFlag } from '../../../shared/hooks/useSessionFlag';

/**
 * Whether the chat is open, kept for the browser session beside its conversation: applying a
 * generated view can move the app to another dashboard route (leaving a bookmark's route), which
 * mounts the dashboard again, and the chat the user is reading must stay open there.
 */
export function useChatOpen(historyKey: string): [boolean, (open: boolean) => void] {
  return useSessionFlag(`${historyKey}.open`);
}

/** Whether the chat of a conversation was left open in this browser session. */
export function isChatOpen(historyKey: string): boolean {
  return readSessionFlag(`${historyKey}.open`);
}

export function keepChatOpen(historyKey: string, open: boolean): void {
  writeSessionFlag(`${historyKey}.open`, open);
}
