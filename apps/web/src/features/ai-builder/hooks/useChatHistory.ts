import { useCallback, useEffect, useState } from 'react';
import { historyKey, readHistory, writeHistory, type ChatMessage } from '../model/chat';

/**
 * The conversation of the open organization and report, kept in sessionStorage; another report
 * brings its own. `append` may name the conversation a message belongs to, so that a reply that
 * arrives after the user moved to another report lands where it was asked.
 */
export function useChatHistory(organizationId: string, reportSlug: string) {
  const key = historyKey(organizationId, reportSlug);
  const [history, setHistory] = useState(() => ({ key, messages: readHistory(key) }));
  // Another report: its own conversation, read while rendering (no flash of the previous one).
  const current = history.key === key ? history : { key, messages: readHistory(key) };
  if (current !== history) setHistory(current);

  useEffect(() => {
    if (history.key === key) writeHistory(key, history.messages);
  }, [history, key]);

  const append = useCallback(
    (message: ChatMessage, to: string = key) => {
      if (to !== key) {
        writeHistory(to, [...readHistory(to), message]);
        return;
      }
      setHistory((prev) => ({
        key,
        messages: [...(prev.key === key ? prev.messages : readHistory(key)), message],
      }));
    },
    [key],
  );
  const clear = useCallback(() => setHistory({ key, messages: [] }), [key]);

  return { key, messages: current.messages, append, clear };
}
