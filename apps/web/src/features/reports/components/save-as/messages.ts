import { reportNameMessages } from '@maya/contracts';
import { isApiError } from '../../../../shared/api/ApiError';

/** The save-as dialog's texts; the name rule's messages are the spec's (§5), from the contracts. */
export const saveAsMessages = {
  button: 'Save as',
  title: 'Save report as',
  nameLabel: 'Report name',
  namePlaceholder: 'e.g. Paid search EU',
  hint: 'A copy of this report with the page, filters and sort on screen.',
  cancel: 'Cancel',
  save: 'Save',
  forbidden: 'Only owners and admins of the organization can save reports.',
  failed: 'The report could not be saved. Please try again.',
  /** The spec's success wording for a save (spec 002 §4), for the saved report. */
  saved: (name: string) => `Saved ${name} successfully`,
  ...reportNameMessages,
} as const;

/**
 * What a failed save tells the user: the name field's message when the server refused the name
 * (the 422 list), otherwise a message for the form.
 */
export function saveAsError(
  error: unknown,
): { field: 'name'; message: string } | { field: null; message: string } {
  if (isApiError(error)) {
    const onName = error.issues?.find((issue) => issue.loc[issue.loc.length - 1] === 'name');
    if (onName !== undefined) return { field: 'name', message: onName.msg };
    if (error.type === 'report_edit_forbidden') return { field: null, message: saveAsMessages.forbidden };
  }
  return { field: null, message: saveAsMessages.failed };
}
