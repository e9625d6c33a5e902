import type { Subscription, SubscriptionCheckResponseSchema, TokenResponse } from '@maya/contracts';
import { SubscriptionErrorType, can, unreachable } from '@maya/contracts';
import type { z } from 'zod';
import { withOrganization, withUser } from '../../platform/db/tenant';
import { AppError } from '../../platform/errors';
import type { OrganizationAccess } from '../../platform/guards';
import type { Platform } from '../../platform/platform';
import type { AuthService } from '../auth';
import type { UsersService } from '../users';
import type { MarketplaceClient, SaasSubscription } from './marketplace';
import {
  linksRepository,
  subscriptionsRepository,
  type SubscriptionLink,
  type SubscriptionRow,
} from './repository';

export type SubscriptionsDeps = Pick<Platform, 'database'> & {
  users: UsersService;
  auth: AuthService;
  marketplace: MarketplaceClient;
};
type RequestContext = { ip: string; userAgent: string; browserHash: string | null };

const doesNotExist = () =>
  new AppError(404, SubscriptionErrorType.doesNotExist, { message: 'This subscription does not exist' });

/** The marketplace's SaaS statuses in the product's subscription statuses. */
function statusOf(status: SaasSubscription['saasSubscriptionStatus']): SubscriptionRow['status'] {
  switch (status) {
    case 'NotStarted':
    case 'PendingFulfillmentStart':
      return 'pending';
    case 'Subscribed':
      return 'active';
    case 'Suspended':
      return 'suspended';
    case 'Unsubscribed':
      return 'canceled';
    default: {
      return unreachable(status);
    }
  }
}

function toResponse(row: SubscriptionRow, link: SubscriptionLink | null): Subscription {
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    // The marketplace bills the customer through Microsoft: no payment method is ever asked here.
    needs_payment_method: false,
    trial_ends_at: null,
    offer_id: row.offerId,
    plan_id: row.planId,
    organization_id: link?.organizationId ?? null,
  };
}

export function createSubscriptionsService(deps: SubscriptionsDeps) {
  const { db } = deps.database;
  const repository = subscriptionsRepository(db);

  /** The Maya user of a Microsoft identity, with the same refusals as a Microsoft sign-in. */

  async function linksOf(userId: string, ids: string[]): Promise<Map<string, SubscriptionLink>> {
    const links = await withUser(db, userId, (tx) => linksRepository.forSubscriptions(tx, ids));
    return new Map(links.map((link) => [link.subscriptionId, link]));
  }

  async function own(userId: string, id: string): Promise<SubscriptionRow> {
    const row = await repository.find(id);
    if (!row || row.userId !== userId) throw doesNotExist();
    return row;
  }

  return {
    /**
     * The return from a Microsoft sign-in started on the marketplace landing page (is_mona): the
     * marketplace token kept with the sign-in state is resolved, the subscription stored for the
     * signed-in user and activated on the marketplace, and the user signed in. Idempotent.
     */
    async create(
      code: string,
      state: string,
      context: RequestContext,
    ): Promise<{ subscriptionId: string; token: TokenResponse; refreshToken: string }> {
      const { identity, marketplaceToken } = await deps.auth.providers.fromCodeWithState(
        'microsoft',
        code,
        state,
        context.browserHash,
      );
      if (!marketplaceToken) throw doesNotExist();
      const purchased = await deps.marketplace.resolve(marketplaceToken);
      if (!purchased || purchased.saasSubscriptionStatus === 'Unsubscribed') throw doesNotExist();
      const user = await deps.auth.userForIdentity(identity, context.browserHash);
      let row = await repository.insertOrGet({
        id: purchased.id,
        userId: user.id,
        name: purchased.name,
        offerId: purchased.offerId,
        planId: purchased.planId,
        quantity: purchased.quantity ?? 1,
        status: statusOf(purchased.saasSubscriptionStatus),
      });
      if (row.userId !== user.id) throw doesNotExist();
      if (row.activatedAt === null) {
        await deps.marketplace.activate({ id: row.id, planId: row.planId, quantity: row.quantity });
        row = (await repository.markActive(row.id)) ?? row;
      }
      const signedIn = await deps.auth.signIn(user, context);
      return { subscriptionId: row.id, ...signedIn };
    },

    /** GET /user/subscriptions/check: the user's subscriptions and whether one awaits a link. */
    async check(userId: string): Promise<z.infer<typeof SubscriptionCheckResponseSchema>> {
      const rows = await repository.listForUser(userId);
      const links = await linksOf(
        userId,
        rows.map((r) => r.id),
      );
      const subscriptions = rows.map((row) => toResponse(row, links.get(row.id) ?? null));
      return {
        has_unlinked_subscription: subscriptions.some(
          (s) => s.organization_id === null && s.status !== 'canceled',
        ),
        subscriptions,
      };
    },

    async exists(userId: string, id: string): Promise<boolean> {
      const row = await repository.find(id);
      return row !== null && row.userId === userId;
    },

    async details(userId: string, id: string): Promise<Subscription> {
      const row = await own(userId, id);
      return toResponse(row, (await linksOf(userId, [id])).get(id) ?? null);
    },

    /** Links the user's unlinked subscription to an organization they administer (not a demo one). */
    async link(userId: string, access: OrganizationAccess, id: string): Promise<void> {
      if (access.isDemo)
        throw new AppError(400, SubscriptionErrorType.demoOrganization, {
          message: 'Demo organizations cannot be linked to subscriptions',
        });
      if (!can(access, 'subscriptions.link'))
        throw new AppError(403, 'forbidden', { message: 'Only organization admins can link subscriptions' });
      await own(userId, id);
      const alreadyLinked = () =>
        new AppError(409, SubscriptionErrorType.alreadyLinked, {
          message: 'This subscription is already linked to an organization',
        });
      const organizationHasOne = () =>
        new AppError(409, SubscriptionErrorType.organizationHasSubscription, {
          message: 'This organization already has a subscription',
        });
      if ((await linksOf(userId, [id])).has(id)) throw alreadyLinked();
      await withOrganization(db, access.organizationId, async (tx) => {
        if (await linksRepository.current(tx)) throw organizationHasOne();
        const inserted = await linksRepository.insert(tx, {
          organizationId: access.organizationId,
          subscriptionId: id,
          userId,
        });
        // Lost a race: the other request linked the organization or the subscription first.
        if (!inserted) throw (await linksRepository.current(tx)) ? organizationHasOne() : alreadyLinked();
      });
    },

    /** The marketplace subscription linked to the organization, for its entitlements (billing). */
    async marketplacePlan(
      organizationId: string,
    ): Promise<{ planId: string; status: SubscriptionRow['status'] } | null> {
      const link = await withOrganization(db, organizationId, (tx) => linksRepository.current(tx));
      const row = link ? await repository.find(link.subscriptionId) : null;
      return row ? { planId: row.planId, status: row.status } : null;
    },
  };
}
export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>;
