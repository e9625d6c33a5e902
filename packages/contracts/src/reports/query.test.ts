import { describe, expect, it } from 'vitest';
import { ReportQueryRequestSchema } from './query';

describe('the query request', () => {
  it('names the visual and takes a valid date range', () => {
    const request = {
      organization_id: '6f1c2b8e-4a3d-4e6f-9a1b-2c3d4e5f6a7b',
      report: '-maya',
      page: 'overview',
      visual_id: 'kpi-spend',
      filters: [],
      date_range: { from: '2024-03-01', to: '2024-03-31' },
      sort: null,
    };
    expect(ReportQueryRequestSchema.safeParse(request).success).toBe(true);
    const reversed = { ...request, date_range: { from: '2024-03-31', to: '2024-03-01' } };
    expect(ReportQueryRequestSchema.safeParse(reversed).error?.message).toMatch(/from must not be after to/);
  });
});
