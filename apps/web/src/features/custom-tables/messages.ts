import { CustomTableErrorType, customTableMessages } from '@maya/contracts';
import { isApiError } from '../../shared/api/ApiError';
import { describeApiError } from '../../shared/api/describeError';

export const customTablesText = {
  section: 'Custom tables',
  sectionDescription: 'Your own data from CSV files: offline orders, users, manual ad spend.',
  requiredColumns: 'Required columns',
  example: 'Download an example CSV',
  chooseFile: 'CSV file',
  upload: 'Upload',
  uploadCsv: 'Upload CSV',
  uploadNew: 'Upload new file',
  editSchema: 'Edit Schema',
  viewReport: 'View in report',
  viewReportOf: (name: string) => `View ${name} in the Custom tables report`,
  delete: 'Delete',
  deleteTitle: 'Delete custom table',
  deleteMessage: (name: string) => `Delete ${name} and all its rows? Reports that use it lose them.`,
  save: 'Save',
  sending: (sent: string, total: string) => `Sending ${sent} of ${total}`,
  checking: (rows: number) => `Checking and loading rows: ${rows.toLocaleString('en-US')} checked`,
  loadedRows: (rows: number) => `${rows.toLocaleString('en-US')} rows loaded`,
  noData: 'No file uploaded yet',
  backToSources: 'Back to sources',
  columnName: 'Column name',
  finalName: 'Final name',
  type: 'Type',
  required: 'Required',
  primaryKey: 'Primary key',
  rowErrors: 'Rows with errors',
} as const;

export { customTableMessages };

/** 'Error: {detail}' (spec 001 §8) with the server's words, else the editor's fallback. */
export function uploadErrorMessage(error: unknown): string {
  if (isApiError(error) && typeof error.detail?.message === 'string') {
    return customTableMessages.uploadError(error.detail.message);
  }
  if (isApiError(error) && error.type === CustomTableErrorType.notFound)
    return customTableMessages.editorUploadFailed;
  return isApiError(error)
    ? customTableMessages.uploadError(describeApiError(error))
    : customTableMessages.editorUploadFailed;
}

/** The row errors an upload's refusal lists (line and message), if any. */
export function rowErrors(error: unknown): { line: number; message: string }[] {
  if (!isApiError(error)) return [];
  const errors = (error.detail as { errors?: unknown } | null)?.errors;
  return Array.isArray(errors) ? (errors as { line: number; message: string }[]) : [];
}
