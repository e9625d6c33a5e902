import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { InvalidWebhook, type BillingProvider, type ProviderEvent } from './provider';

/**
 * The local provider (no STRIPE_SECRET_KEY): checkout is a page of this server that pays at
 * once. Its "sessions" are signed tokens naming the organization, product and term, so nothing
 * is stored until the payment; paying twice with one token is one event (its nonce).
 */
const SessionSchema = z.object({
  o: z.uuid(),
  /** The product bought; empty for the portal. */
  p: z.string(),
  a: z.boolean(),
  /** Expiry, ms since the epoch. */
  e: z.number().int(),
  n: z.string().min(1),
  s: z.string(),
  c: z.string(),
  /** What the page does: pay for the product, or cancel the subscription (the portal). */
  k: z.enum(['checkout', 'portal']),
});
export type LocalSession = z.infer<typeof SessionSchema>;
const SESSION_TTL_MS = 3_600_000;

export type LocalProvider = BillingProvider & {
  /** The session a page's token names, or null when forged or expired. */
  open(token: string): LocalSession | null;
  /**
   * The event the page's button makes: the product paid for, or the subscription canceled
   * (`canceled`: the organization's current product and term).
   */
  eventOf(
    session: LocalSession,
    action: { pay: true } | { cancel: { productId: string; annual: boolean } },
  ): ProviderEvent;
};

export function createLocalProvider(deps: { key: string; appUrl: string; now?: () => Date }): LocalProvider {
  const now = deps.now ?? (() => new Date());
  const sign = (payload: string) => createHmac('sha256', deps.key).update(payload).digest('base64url');
  const page = (session: LocalSession) => {
    const payload = Buffer.from(JSON.stringify(session)).toString('base64url');
    return { url: `${deps.appUrl}/api/billing/local/${session.k}?token=${payload}.${sign(payload)}` };
  };
  const session = (fields: Omit<LocalSession, 'e' | 'n'>): LocalSession => ({
    ...fields,
    e: now().getTime() + SESSION_TTL_MS,
    n: randomUUID(),
  });

  return {
    name: 'local',
    async checkout(request) {
      return page(
        session({
          o: request.organizationId,
          p: request.product.id,
          a: request.annual,
          s: request.successUrl,
          c: request.cancelUrl,
          k: 'checkout',
        }),
      );
    },
    async portal({ organizationId, returnUrl }) {
      return page(session({ o: organizationId, p: '', a: true, s: returnUrl, c: returnUrl, k: 'portal' }));
    },
    verifyWebhook() {
      throw new InvalidWebhook('the local provider sends no webhooks');
    },
    open(token) {
      const [payload, signature, ...rest] = token.split('.');
      if (!payload || !signature || rest.length > 0) return null;
      const expected = Buffer.from(sign(payload));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      let decoded: unknown;
      try {
        decoded = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
      } catch {
        return null;
      }
      const parsed = SessionSchema.safeParse(decoded);
      return parsed.success && parsed.data.e > now().getTime() ? parsed.data : null;
    },
    eventOf(opened, action) {
      const paying = 'pay' in action;
      const plan = paying ? { productId: opened.p, annual: opened.a } : action.cancel;
      return {
        id: `local_${paying ? 'pay' : 'cancel'}_${opened.n}`,
        provider: 'local',
        type: paying ? 'subscription.paid' : 'subscription.canceled',
        createdAt: now(),
        change: {
          organizationId: opened.o,
          externalId: `local_${opened.o}`,
          customerId: `local_${opened.o}`,
          ...plan,
          status: paying ? 'active' : 'canceled',
          trialEndsAt: null,
        },
      };
    },
  };
}
