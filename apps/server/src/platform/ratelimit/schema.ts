import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Fixed-window counters shared by every API process (DESIGN.md: no in-memory shared state). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  /** For failure counters: no attempt is taken before this time (growing delays). */
  blockedUntil: timestamp('blocked_until', { withTimezone: true }),
});
