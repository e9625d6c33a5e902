import { describe, expect, it } from 'vitest';
import { etlRunSummary } from './etl';

describe('etlRunSummary', () => {
  it('says how many accounts loaded and how many failed, never all when some failed', () => {
    expect(etlRunSummary({ total: 4, failed: 2 })).toBe('2 of 4 loaded, 2 failed');
    expect(etlRunSummary({ total: 4, failed: 4 })).toBe('0 of 4 loaded, 4 failed');
    expect(etlRunSummary({ total: 4, failed: 0 })).toBe('4 of 4 accounts loaded');
    expect(etlRunSummary({ total: 1, failed: 0 })).toBe('1 of 1 account loaded');
    expect(etlRunSummary({ total: 0, failed: 0 })).toBe('No accounts to load');
  });
});
