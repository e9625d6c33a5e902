import { z } from 'zod';

export const ComponentStatusSchema = z.object({
  status: z.enum(['up', 'down']),
  latency_ms: z.number().nullable(),
  error: z.string().nullable(),
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
