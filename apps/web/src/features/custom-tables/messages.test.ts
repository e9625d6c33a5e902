// The upload's failure in the spec's words (spec 001 §8 Upload result: 'Error: {detail}', the
// editor's 'Error uploading csv'), and the row errors a refusal lists.
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../shared/api/ApiError';
import { rowErrors, uploadErrorMessage } from './messages';

const refused = new ApiError({
  status: 400,
  type: 'csv_invalid_rows',
  detail: {
    type: 'csv_invalid_rows',
    message: 'The file has 2 errors. Line 3 has 4 values; the header has 5',
    errors: [
      { line: 3, message: 'Line 3 has 4 values; the header has 5' },
      { line: 7, message: 'Line 7: revenue is not a number' },
    ],
  },
});

describe('upload messages', () => {
  it('says the server’s detail after "Error: "', () => {
    expect(uploadErrorMessage(refused)).toBe(
      'Error: The file has 2 errors. Line 3 has 4 values; the header has 5',
    );
  });

  it('falls back to "Error uploading csv" when nothing better is known', () => {
    expect(uploadErrorMessage(new Error('socket hang up'))).toBe('Error uploading csv');
    expect(uploadErrorMessage(new ApiError({ status: 404, type: 'custom_table_not_found' }))).toBe(
      'Error uploading csv',
    );
  });

  it('lists the rows the server refused, with their lines', () => {
    expect(rowErrors(refused)).toEqual([
      { line: 3, message: 'Line 3 has 4 values; the header has 5' },
      { line: 7, message: 'Line 7: revenue is not a number' },
    ]);
    expect(rowErrors(new Error('x'))).toEqual([]);
    expect(
      rowErrors(new ApiError({ status: 400, type: 'csv_not_csv', detail: { type: 'csv_not_csv' } })),
    ).toEqual([]);
  });
});
