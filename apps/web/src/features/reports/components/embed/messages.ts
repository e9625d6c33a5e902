import { EmbedErrorType } from '@maya/contracts';
import { isApiError } from '../../../../shared/api/ApiError';

/** The embed dialog's texts. */
export const embedMessages = {
  button: 'Embed',
  title: 'Embed report',
  intro:
    'Create a link that shows this view of the report in another site. Anyone who can see that page can read the view, without changing it.',
  expiryLabel: 'Link expires',
  expiryChoices: {
    never: 'Never',
    '1': 'In 1 day',
    '7': 'In 7 days',
    '30': 'In 30 days',
    date: 'On a date…',
  },
  dateLabel: 'Expiry date',
  dateRequired: 'Choose a date.',
  datePast: 'Choose today or a later date.',
  filteringLabel: 'Let viewers filter within this view',
  filteringHint: 'They can narrow it with the filters it leaves open, never widen it.',
  create: 'Create link',
  created: 'Link created',
  snippetLabel: 'Embed code',
  copy: 'Copy',
  copied: 'Copied',
  copyCode: 'Copy embed code',
  neverExpires: 'This link does not expire. Revoke it below when it should stop working.',
  expires: (when: string) => `This link expires on ${when}.`,
  close: 'Close',
  listTitle: 'Embed links of this report',
  listEmpty: 'No embed links yet.',
  listFailed: 'The embed links could not be loaded.',
  asSaved: 'The report as saved',
  createdBy: (when: string, who: string | null) =>
    who === null ? `Created ${when}` : `Created ${when} by ${who}`,
  expiryNever: 'Never expires',
  expiresOn: (when: string) => `Expires ${when}`,
  expiredOn: (when: string) => `Expired ${when}`,
  lastUsed: (when: string) => `Last opened ${when}`,
  neverUsed: 'Never opened',
  expired: 'Expired',
  filtering: 'Viewers can filter',
  revoke: 'Revoke',
  revokeTitle: 'Revoke this embed link?',
  revokeMessage:
    'Every site that shows it stops showing the report at once. A revoked link cannot be restored; create a new one if needed.',
  revokeFailed: 'The link could not be revoked. Please try again.',
  forbidden: 'Only owners and admins of the organization can embed its reports.',
  invalidExpiry: 'Choose an expiry in the future.',
  failed: 'The embed link could not be created. Please try again.',
} as const;

export function embedErrorMessage(error: unknown): string {
  if (!isApiError(error)) return embedMessages.failed;
  if (error.type === 'report_edit_forbidden') return embedMessages.forbidden;
  if (error.type === EmbedErrorType.invalidExpiry) return embedMessages.invalidExpiry;
  return embedMessages.failed;
}
