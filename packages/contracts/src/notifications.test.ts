import { describe, expect, it } from 'vitest';
import { operations } from './constants';
import { NotificationListQuerySchema } from './notifications';

const ORGANIZATION = '6f1c1d8e-3c1a-4c55-9b5e-2b0c2f4c9a10';
const limitOf = (limit: string | undefined) =>
  NotificationListQuerySchema.safeParse({ organization_id: ORGANIZATION, limit });

describe('a notification page size in the query string', () => {
  it('reads as a whole number, the page size when absent', () => {
    expect(limitOf('3').data?.limit).toBe(3);
    expect(limitOf(undefined).data?.limit).toBe(operations.notificationPageSize);
  });

  it('is refused when not a whole number between 1 and the page size', () => {
    for (const limit of ['0', '2.5', 'ten', String(operations.notificationPageSize + 1)]) {
      expect(limitOf(limit).success, limit).toBe(false);
    }
  });
});
