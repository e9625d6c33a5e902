import { unreachable } from '@maya/contracts';
import type { ServiceAccount } from '@maya/contracts';
import type { Config } from '../../platform/config';
import { DEMO_ORGANIZATION, type OrganizationsService } from '../organizations';
import { redirectPathFor, type SourcesService } from '../sources';
import { chooseAccounts, demoAction, DEMO_SOURCES, type DemoSource } from './plan';
import { sandboxConsent, waitForSandbox } from './sandbox-consent';

export type DemoDeps = {
  config: Pick<Config, 'appUrl' | 'connectors'>;
  organizations: Pick<OrganizationsService, 'findBySlug'>;
  sources: Pick<
    SourcesService,
    'serviceFor' | 'listAccountsWith' | 'connectForProduct' | 'list' | 'loadTarget'
  >;
  /** The demo's plan; DEMO_SOURCES unless a test hands in its own. */
  plan?: readonly DemoSource[];
  now?: () => Date;
};

/** What one pass did for each service of the plan. */
export type DemoOutcome =
  | { serviceId: string; status: 'up_to_date' }
  /** A load is on its way, with a grant the sandbox still knows. */
  | { serviceId: string; status: 'loading' }
  | { serviceId: string; status: 'connected'; accounts: string[] }
  /** The provider is not the sandbox mounted here (or not OAuth): nobody can consent for it. */
  | { serviceId: string; status: 'skipped' }
  | { serviceId: string; status: 'failed'; error: string };

export type DemoService = ReturnType<typeof createDemoService>;

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The demo organization's data (issue 6): the sandbox's accounts connected through the sources
 * service as a user's connections are (credentials sealed in the vault, account rows, first loads
 * queued for the ETL), and connected again with a fresh consent when a day has passed since their
 * last load or a load failed. Safe to run more than once and from several processes: accounts are
 * unique per organization, service and identifier, so a second pass updates the same rows.
 */
export function createDemoService(deps: DemoDeps) {
  const plan = deps.plan ?? DEMO_SOURCES;
  const now = deps.now ?? (() => new Date());

  async function connectSource(organizationId: string, source: DemoSource, signal: AbortSignal) {
    const { serviceId } = source;
    const { connector } = deps.sources.serviceFor(serviceId);
    const redirectUri = `${deps.config.appUrl}${redirectPathFor(serviceId)}`;
    const credentials = await sandboxConsent(deps.config, connector, redirectUri, signal);
    if (!credentials) return { serviceId, status: 'skipped' } as const;
    const offered = await deps.sources.listAccountsWith(connector, credentials);
    const { identifiers, missing } = chooseAccounts(source, offered);
    if (missing.length > 0) throw new Error(`the sandbox does not offer ${missing.join(', ')}`);
    const connected = await deps.sources.connectForProduct(organizationId, {
      serviceId,
      credentials,
      accounts: offered,
      identifiers,
    });
    return { serviceId, status: 'connected', accounts: connected.map((a) => a.identifier) } as const;
  }

  /** Whether the sandbox still knows the grant of a load on its way (a restart forgets it). */
  async function grantKnown(organizationId: string, account: ServiceAccount): Promise<boolean> {
    const target = await deps.sources.loadTarget(organizationId, account.uuid);
    if (!target) return false;
    return target.connector.listAccounts(target.context).then(
      () => true,
      () => false,
    );
  }

  async function pass(organizationId: string, source: DemoSource, signal: AbortSignal): Promise<DemoOutcome> {
    const connected = await deps.sources.list(organizationId);
    const action = demoAction(source, connected, now());
    switch (action) {
      case 'none':
        return { serviceId: source.serviceId, status: 'up_to_date' };
      case 'verify': {
        await waitForSandbox(deps.config, signal);
        const loading = connected.find(
          (a) =>
            a.service === source.serviceId && (a.sync_status === 'pending' || a.sync_status === 'running'),
        );
        if (loading && (await grantKnown(organizationId, loading)))
          return { serviceId: source.serviceId, status: 'loading' };
        return connectSource(organizationId, source, signal);
      }
      case 'connect':
        return connectSource(organizationId, source, signal);
      default: {
        return unreachable(action);
      }
    }
  }

  return {
    /**
     * One pass over the plan, service by service (a failing one does not stop the others). An
     * error when any failed, listing them, so that the job is retried.
     */
    async ensure(signal: AbortSignal): Promise<DemoOutcome[]> {
      const organization = await deps.organizations.findBySlug(DEMO_ORGANIZATION.slug);
      if (!organization?.isDemo) return [];
      const outcomes: DemoOutcome[] = [];
      for (const source of plan) {
        if (signal.aborted) break;
        outcomes.push(
          await pass(organization.id, source, signal).catch((error: unknown): DemoOutcome => ({
            serviceId: source.serviceId,
            status: 'failed',
            error: message(error),
          })),
        );
      }
      const failed = outcomes.flatMap((o) => (o.status === 'failed' ? [`${o.serviceId}: ${o.error}`] : []));
      if (failed.length > 0) throw new Error(`demo data: ${failed.join('; ')}`);
      return outcomes;
    },
  };
}
