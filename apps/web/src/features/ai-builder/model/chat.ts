// The conversation of one organization and report, kept for the browser session (spec 002 §2:
// "User messages and bot replies are kept per organization and report for the browser
// session"): sessionStorage, read back entry by entry so that a stale or edited entry is dropped
// rather than trusted.
import { GeneratedBookmarkSchema, type GeneratedBookmark } from '@maya/contracts';

export type ChatMessage =
  | { id: string; kind: 'prompt'; text: string }
  /** The bot's answer: text_response, and the bookmark it generated when it succeeded. */
  | { id: string; kind: 'reply'; text: string; bookmark: GeneratedBookmark | null }
  /** spec 002 §8 Chat failure: the error message, its detail type and tip when present. */
  | {
      id: string;
      kind: 'failure';
      message: string;
      detail: string | null;
      type: string | null;
      tip: string | null;
    };

const isText = (value: unknown): value is string => typeof value === 'string';
const isTextOrNull = (value: unknown) => value === null || isText(value);

/** Whether a stored entry is a message this version of the app wrote. */
export function isChatMessage(value: unknown): value is ChatMessage {
  if (typeof value !== 'object' || value === null) return false;
  const m = value as Record<string, unknown>;
  if (!isText(m.id)) return false;
  switch (m.kind) {
    case 'prompt':
      return isText(m.text);
    case 'reply':
      return isText(m.text) && (m.bookmark === null || GeneratedBookmarkSchema.safeParse(m.bookmark).success);
    case 'failure':
      return isText(m.message) && isTextOrNull(m.detail) && isTextOrNull(m.type) && isTextOrNull(m.tip);
    default:
      return false;
  }
}

/** The oldest messages go first beyond this: the session store is small. */
export const MAX_KEPT_MESSAGES = 100;

export function historyKey(organizationId: string, reportSlug: string): string {
  return `maya.aiBuilder.${organizationId}.${reportSlug}`;
}

export function readHistory(key: string): ChatMessage[] {
  try {
    const text = window.sessionStorage.getItem(key);
    if (text === null) return [];
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed.filter(isChatMessage) : [];
  } catch {
    // Storage unavailable or not JSON: the conversation starts afresh.
    return [];
  }
}

export function writeHistory(key: string, messages: readonly ChatMessage[]): void {
  try {
    if (messages.length === 0) window.sessionStorage.removeItem(key);
    else window.sessionStorage.setItem(key, JSON.stringify(messages.slice(-MAX_KEPT_MESSAGES)));
  } catch {
    // Storage unavailable or full: the conversation lives as long as the page.
  }
}

let sequence = 0;

/** A message id unique within the page's life (the time keeps ids of earlier pages apart). */
export function messageId(): string {
  sequence += 1;
  return `${Date.now().toString(36)}-${sequence}`;
}
