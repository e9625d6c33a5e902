import type { ScheduleRow } from '../../src/modules/report-schedules';

/** A weekly schedule of -maya's overview, due on Monday 30 November 2026 at 08:00 UTC; `over` on top. */
export function scheduleRow(over: Partial<ScheduleRow> = {}): ScheduleRow {
  return {
    id: '6f1d2c1e-3b7a-4c55-9a1e-0b6f6f2a4d01',
    organizationId: '0c3b6a52-9d6e-4f0e-8f7c-2a4b5c6d7e02',
    reportSlug: '-maya',
    bookmarkId: null,
    name: 'Weekly performance',
    state: null,
    page: 'overview',
    frequency: 'weekly',
    weekday: 1,
    monthDay: null,
    hour: 8,
    timeZone: 'UTC',
    recipients: ['a@example.com', 'b@example.org'],
    createdBy: null,
    nextRunAt: new Date('2026-11-30T08:00:00Z'),
    attempt: 0,
    lastSentAt: null,
    lastError: null,
    createdAt: new Date('2026-11-01T00:00:00Z'),
    ...over,
  };
}
