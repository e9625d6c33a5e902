import { GenerateBookmarkErrorType, PlatformErrorType } from '@maya/contracts';
import { isApiError } from '../../shared/api/ApiError';
import { CANT_CONNECT_MESSAGE, isConnectionError } from '../../shared/api/describeError';

/** Every user-visible text of the AI Builder (spec 002 §2, §4, §8), verbatim where the spec has one. */
export const aiBuilderMessages = {
  /** spec 002 §2. */
  greeting: 'Hello! Write a prompt to get started',
  /** spec 002 §8 Generate. */
  noWorkspace: 'Organization has no workspace setup',
  generateFailed: 'Error generating bookmark',
  tipUnauthorized: 'Try refreshing the page or logging in again.',
  tipInvalidPrompt: 'Try rephrasing your prompt.',
  /** spec 002 §8 Chat failure. */
  chatFailure: 'Oh oh, seems like something went wrong',

  // Our own labels (the spec names the controls, not their words).
  title: 'AI Builder',
  subtitle: 'Ask for a view of this report',
  open: 'Open the AI Builder',
  close: 'Close the AI Builder',
  hide: 'Hide the AI Builder',
  send: 'Send',
  clear: 'Clear',
  placeholder: 'e.g. spend by campaign last month for Google Ads',
  promptLabel: 'Prompt',
  thinking: 'Generating a bookmark…',
  applyAgain: 'Apply again',
  applied: 'Applied to the report',
  you: 'You',
  bot: 'AI Builder',
  detailType: (type: string) => `Type: ${type}`,
  conversation: 'Conversation',
} as const;

/** How a failed generation reads in the chat (spec 002 §8 Generate, Chat failure). */
export type GenerateFailure = {
  /** 'Organization has no workspace setup' on 404, otherwise 'Error generating bookmark'. */
  message: string;
  /** The server's explanation (why a prompt was refused), or why no answer came. */
  detail: string | null;
  /** The error's detail type. */
  type: string | null;
  tip: string | null;
};

export function generateFailure(error: unknown): GenerateFailure {
  if (!isApiError(error)) {
    return { message: aiBuilderMessages.generateFailed, detail: null, type: null, tip: null };
  }
  const message = error.status === 404 ? aiBuilderMessages.noWorkspace : aiBuilderMessages.generateFailed;
  const serverMessage = error.detail?.message;
  const detail = isConnectionError(error)
    ? CANT_CONNECT_MESSAGE
    : typeof serverMessage === 'string' && serverMessage !== ''
      ? serverMessage
      : null;
  const tip =
    error.type === PlatformErrorType.unauthorized
      ? aiBuilderMessages.tipUnauthorized
      : error.type === GenerateBookmarkErrorType.invalidPrompt
        ? aiBuilderMessages.tipInvalidPrompt
        : null;
  return { message, detail, type: error.type, tip };
}
