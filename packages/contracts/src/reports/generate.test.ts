import { describe, expect, it } from 'vitest';
import {
  GenerateBookmarkRequestSchema,
  GenerateBookmarkResponseSchema,
  generateBookmarkLimits,
} from './generate';
import { encodeReportState } from './state';

const organization_id = '0b5c7d4e-8f7a-4a36-9d2b-1c3e5f7a9b0d';

describe('generate bookmark request', () => {
  it('trims the prompt', () => {
    expect(GenerateBookmarkRequestSchema.parse({ organization_id, prompt: '  spend last month \n' })).toEqual(
      {
        organization_id,
        prompt: 'spend last month',
      },
    );
  });

  it('refuses an empty prompt, a blank one and one too long', () => {
    expect(GenerateBookmarkRequestSchema.safeParse({ organization_id, prompt: '' }).success).toBe(false);
    expect(GenerateBookmarkRequestSchema.safeParse({ organization_id, prompt: '   ' }).success).toBe(false);
    const long = 'a'.repeat(generateBookmarkLimits.promptMaxLength + 1);
    expect(GenerateBookmarkRequestSchema.safeParse({ organization_id, prompt: long }).success).toBe(false);
    const longest = 'a'.repeat(generateBookmarkLimits.promptMaxLength);
    expect(GenerateBookmarkRequestSchema.safeParse({ organization_id, prompt: longest }).success).toBe(true);
    expect(
      GenerateBookmarkRequestSchema.safeParse({ organization_id: 'acme', prompt: 'spend' }).success,
    ).toBe(false);
  });
});

describe('generate bookmark response', () => {
  const state = encodeReportState({ version: 1, page: 'overview', filters: [], slicers: [], sort: [] });

  it('carries a bookmark exactly when it succeeded', () => {
    const done = { success: true, bookmark: { name: 'Spend', state }, text_response: 'Here is Spend.' };
    expect(GenerateBookmarkResponseSchema.parse(done)).toEqual(done);
    const none = { success: false, bookmark: null, text_response: 'The report has no such data.' };
    expect(GenerateBookmarkResponseSchema.parse(none)).toEqual(none);
    expect(GenerateBookmarkResponseSchema.safeParse({ ...done, bookmark: null }).success).toBe(false);
    expect(GenerateBookmarkResponseSchema.safeParse({ ...none, bookmark: done.bookmark }).success).toBe(
      false,
    );
  });

  it('refuses a state that is not encoded', () => {
    const bad = { success: true, bookmark: { name: 'Spend', state: '{"page":"x"}' }, text_response: 'x' };
    expect(GenerateBookmarkResponseSchema.safeParse(bad).success).toBe(false);
  });
});
