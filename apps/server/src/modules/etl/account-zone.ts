// Accounts connected before their time zone was asked for (decision 730): at the account's next
// load its provider's account listing names the zone, which the connected account keeps from then
// on (decision 734), so that its days end on its own calendar without a reconnect.
import type { AccountRef, Connector, ConnectorContext } from '@maya/connectors';
import type { SourcesService } from '../sources';

export type ZoneLearning = {
  sources: Pick<SourcesService, 'learnTimeZone'>;
  organizationId: string;
  serviceAccountId: string;
  target: { connector: Connector; context: ConnectorContext; account: AccountRef };
  signal: AbortSignal;
  /** Told when the provider could not be asked: the load goes on in UTC, and the next one asks again. */
  onFailure?: (error: unknown) => void;
};

/**
 * The account with its zone: as it is when it has one or its provider names none; else the zone
 * the provider lists for it, stored on the connected account. A listing that fails, or names no
 * zone for the account, leaves it as it was: the zone is a refinement, never a reason to fail a load.
 */
export async function withAccountTimeZone(input: ZoneLearning): Promise<AccountRef> {
  const { connector, context, account } = input.target;
  if (account.metadata.time_zone || !connector.accountTimeZones) return account;
  let zone: string | undefined;
  try {
    const listed = await connector.listAccounts({ ...context, signal: input.signal });
    zone = listed.find((node) => node.identifier === account.identifier)?.metadata.time_zone ?? undefined;
  } catch (error) {
    input.signal.throwIfAborted();
    input.onFailure?.(error);
    return account;
  }
  if (!zone) return account;
  await input.sources.learnTimeZone(input.organizationId, input.serviceAccountId, zone);
  return { ...account, metadata: { ...account.metadata, time_zone: zone } };
}
