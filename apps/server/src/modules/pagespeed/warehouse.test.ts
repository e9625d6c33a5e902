import { describe, expect, it } from 'vitest';
import { assessment, resultRow } from './warehouse';

describe("Google's Core Web Vitals assessment", () => {
  it('is the worst vital’s rating, the limits themselves good', () => {
    expect(assessment({ lcpMs: 2500, inpMs: 200, cls: 0.1 })).toBe('Good');
    expect(assessment({ lcpMs: 2501, inpMs: 200, cls: 0.1 })).toBe('Needs improvement');
    expect(assessment({ lcpMs: 1000, inpMs: 501, cls: 0.1 })).toBe('Poor');
    expect(assessment({ lcpMs: 4000, inpMs: 500, cls: 0.25 })).toBe('Needs improvement');
  });

  it('says where the vitals came from', () => {
    const base = {
      url: 'https://a.example/',
      strategy: 'mobile' as const,
      performanceScore: 90,
      lcpMs: 1000,
      inpMs: 100,
      cls: 0.01,
      fetchedAt: '2026-11-28T04:00:00.000Z',
    };
    const field = { lcpSource: 'field', inpSource: 'field', clsSource: 'field' } as const;
    expect(resultRow({ ...base, ...field }, '2026-11-28', 12)).toMatchObject({
      data_source: 'Field (CrUX)',
      search_clicks: 12,
      assessment: 'Good',
    });
    expect(resultRow({ ...base, ...field, inpSource: 'lab' }, '2026-11-28', null)).toMatchObject({
      data_source: 'Field and lab',
      search_clicks: null,
    });
  });
});
