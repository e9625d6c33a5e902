// The organization's data-load settings (issue 30): each service's look-back days, its
// connector's default unless the organization chose its own.
import { catalog, connectorFor, type Connector } from '@maya/connectors';
import { can, EtlSettingsErrorType, type EtlSettings, type EtlSettingsUpdate } from '@maya/contracts';
import { withOrganization } from '../../platform/db/tenant';
import { AppError } from '../../platform/errors';
import type { OrganizationAccess } from '../../platform/guards';
import type { EtlDeps } from './deps';
import { etlRepository as repo } from './repository';

export function createEtlSettings(deps: Pick<EtlDeps, 'platform'>) {
  const db = deps.platform.database.db;

  /** Every service with a connector: its default look-back and the organization's choice. */
  async function settings(access: OrganizationAccess): Promise<EtlSettings> {
    const chosen = await withOrganization(db, access.organizationId, (tx) => repo.lookbackDays(tx));
    const lookbacks = catalog.flatMap((service) => {
      const connector = connectorFor(service.id);
      if (!connector) return [];
      const days = chosen[service.id] ?? null;
      return [{ service: service.id, name: service.name, default_days: connector.lookbackDays, days }];
    });
    return { lookbacks, can_edit: can(access, 'organization.update') };
  }

  /** Sets the services named (null: back to the default); administrators only. */
  async function update(access: OrganizationAccess, body: EtlSettingsUpdate): Promise<EtlSettings> {
    if (!can(access, 'organization.update')) throw new AppError(403, EtlSettingsErrorType.forbidden);
    const unknown = body.lookbacks.find((entry) => connectorFor(entry.service) === null);
    if (unknown) throw new AppError(400, EtlSettingsErrorType.unknownService, { service: unknown.service });
    await withOrganization(db, access.organizationId, async (tx) => {
      const days = { ...(await repo.lookbackDays(tx)) };
      for (const entry of body.lookbacks) {
        if (entry.days === null) delete days[entry.service];
        else days[entry.service] = entry.days;
      }
      await repo.saveLookbackDays(tx, access.organizationId, days);
    });
    return settings(access);
  }

  /** The look-back a load of the organization's account of this connector re-reads. */
  async function lookbackDays(organizationId: string, connector: Connector): Promise<number> {
    const chosen = await withOrganization(db, organizationId, (tx) => repo.lookbackDays(tx));
    return chosen[connector.id] ?? connector.lookbackDays;
  }

  return { settings, update, lookbackDays };
}
