// Provider events applied to the organizations' subscriptions: each once, however often it is
// delivered, and in the provider's order, whatever order it arrives in (issue 27).
import type { Database } from '../../platform/db/pool';
import { withOrganization } from '../../platform/db/tenant';
import type { ProviderEvent } from './providers/provider';
import { billingEventsRepository, billingSubscriptionsRepository } from './repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type EventOutcome = 'applied' | 'duplicate' | 'stale' | 'ignored';

export async function applyProviderEvent(
  db: Database,
  event: ProviderEvent,
  knownProduct: (id: string) => boolean,
): Promise<EventOutcome> {
  const { change } = event;
  const record = { id: event.id, provider: event.provider, type: event.type };
  if (change === null || !UUID.test(change.organizationId) || !knownProduct(change.productId)) {
    const recorded = await db.transaction((tx) => billingEventsRepository.record(tx, record));
    return recorded ? 'ignored' : 'duplicate';
  }
  // The record and the change commit together: a failure leaves the event to be delivered again.
  return withOrganization(db, change.organizationId, async (tx) => {
    if (!(await billingEventsRepository.record(tx, record))) return 'duplicate';
    const written = await billingSubscriptionsRepository.applyIfNewer(tx, {
      organizationId: change.organizationId,
      provider: event.provider,
      externalId: change.externalId,
      customerId: change.customerId,
      productId: change.productId,
      annual: change.annual,
      status: change.status,
      trialEndsAt: change.trialEndsAt,
      eventAt: event.createdAt,
    });
    return written ? 'applied' : 'stale';
  });
}
