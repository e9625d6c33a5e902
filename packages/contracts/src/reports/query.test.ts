import { describe, expect, it } from 'vitest';
import { ReportQueryRequestSchema } from './query';

describe('the query request', () => {
  const request = {
    organization_id: '6f1c2b8e-4a3d-4e6f-9a1b-2c3d4e5f6a7b',
    report: '-maya',
    page: 'overview',
    visual_id: 'kpi-spend',
    filters: [],
    date_range: { from: '2024-03-01', to: '2024-03-31' },
    sort: null,
  };

  it('names the visual and takes a valid date range', () => {
    expect(ReportQueryRequestSchema.safeParse(request).success).toBe(true);
    const reversed = { ...request, date_range: { from: '2024-03-31', to: '2024-03-01' } };
    expect(ReportQueryRequestSchema.safeParse(reversed).error?.message).toMatch(/from must not be after to/);
  });

  it('turns the pages of a table by a whole, non-negative offset of at most the table rows limit', () => {
    expect(ReportQueryRequestSchema.parse(request).offset).toBeUndefined();
    expect(ReportQueryRequestSchema.parse({ ...request, offset: 100 }).offset).toBe(100);
    expect(ReportQueryRequestSchema.parse({ ...request, offset: 10_000 }).offset).toBe(10_000);
    for (const offset of [-1, 1.5, 10_001, '100']) {
      expect(ReportQueryRequestSchema.safeParse({ ...request, offset }).success).toBe(false);
    }
  });
});
