import { z } from 'zod/mini';

export const ComponentStatusSchema = z.object({
  status: z.enum(['up', 'down']),
  latency_ms: z.nullable(z.number()),
  error: z.nullable(z.string()),
});
export type ComponentStatus = z.infer<typeof ComponentStatusSchema>;

/** GET /api/health: 200 when every component is up, 503 otherwise (same body). */
export const HealthResponseSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  uptime_s: z.number(),
  checked_at: z.iso.datetime(),
  database: ComponentStatusSchema,
  jobs: ComponentStatusSchema,
});
export type HealthResponse = z.infer<typeof HealthResponseSchema>;
