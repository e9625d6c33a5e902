// Injectable failures of the sandbox data APIs: the next matching request(s) answer with a rate
// limit, a server error, an expired token or a revoked grant, or a provider error, so the
// connectors' retry, refresh and error paths are tested against real HTTP.
import { z } from 'zod';

export const ApiFaultSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('rate_limit'), retry_after_s: z.number().int().min(0).max(3600).optional() }),
  z.object({ kind: z.literal('server_error') }),
  /** 401 as for an expired access token: a refresh fixes it. */
  z.object({ kind: z.literal('expired_token') }),
  /** 401 and the grant's refresh tokens revoked: only a reconnect fixes it. */
  z.object({ kind: z.literal('revoked') }),
  /** The provider refuses (400 by default) with this message. */
  z.object({
    kind: z.literal('provider_error'),
    status: z.number().int().min(400).max(499).optional(),
    message: z.string().min(1).max(500).optional(),
  }),
  /** 200 with a body that has none of the fields the API documents: the client must refuse it. */
  z.object({ kind: z.literal('malformed') }),
]);
export type ApiFault = z.infer<typeof ApiFaultSchema>;

export const FaultRequestSchema = z.object({
  faults: z.array(
    ApiFaultSchema.and(
      z.object({
        /** Only requests whose path contains this. */
        path: z.string().min(1).optional(),
        /** How many requests it answers (default 1; -1 until cleared). */
        times: z.number().int().min(-1).max(1_000_000).optional(),
        /** How many matching requests pass before it answers (default 0): a fault mid-load. */
        skip: z.number().int().min(0).max(1_000_000).optional(),
      }),
    ),
  ),
});

type Armed = { fault: ApiFault; path: string | null; remaining: number; skip: number };

export class ApiFaults {
  private armed: Armed[] = [];

  add(fault: ApiFault, options: { path?: string; times?: number; skip?: number } = {}): void {
    this.armed.push({
      fault,
      path: options.path ?? null,
      remaining: options.times ?? 1,
      skip: options.skip ?? 0,
    });
  }

  /** The fault the request at `path` answers with, if any (first armed first). */
  take(path: string): ApiFault | null {
    const index = this.armed.findIndex((a) => a.path === null || path.includes(a.path));
    const armed = this.armed[index];
    if (!armed) return null;
    if (armed.skip > 0) {
      armed.skip -= 1;
      return null;
    }
    if (armed.remaining > 0 && --armed.remaining === 0) this.armed.splice(index, 1);
    return armed.fault;
  }

  clear(): void {
    this.armed = [];
  }

  get size(): number {
    return this.armed.length;
  }
}
