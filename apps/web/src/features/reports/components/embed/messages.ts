import { isApiError } from '../../../../shared/api/ApiError';

/** The embed dialog's texts. */
export const embedMessages = {
  button: 'Embed',
  title: 'Embed report',
  intro:
    'Paste this code into another site to show the report as it is on screen. Anyone who can see that page can read the report, without changing it.',
  snippetLabel: 'Embed code',
  copy: 'Copy',
  copied: 'Copied',
  expires: (when: string) => `The link expires on ${when}. Come back here for a new one.`,
  creating: 'Creating the embed link…',
  newLink: 'New link',
  close: 'Close',
  forbidden: 'Only owners and admins of the organization can embed its reports.',
  failed: 'The embed link could not be created. Please try again.',
} as const;

export function embedErrorMessage(error: unknown): string {
  return isApiError(error) && error.type === 'report_edit_forbidden'
    ? embedMessages.forbidden
    : embedMessages.failed;
}
