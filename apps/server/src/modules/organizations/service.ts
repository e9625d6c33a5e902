import type { FastifyRequest } from 'fastify';
import { can, withinLimit, type Organization as OrganizationResponse } from '@maya/contracts';
import { duckDbFileFor, openDuckDbWarehouse } from '@maya/warehouse';
import { lockOrganization, withOrganization, withUser } from '../../platform/db/tenant';
import { AppError } from '../../platform/errors';
import { createExpiringMap } from '../../platform/expiring-map';
import type { Auth, OrganizationAccess } from '../../platform/guards';
import type { Platform } from '../../platform/platform';
import type { UsersService } from '../users';
import {
  datasetsRepository,
  membershipsRepository,
  organizationsRepository,
  type Dataset,
  type Organization,
  type Role,
} from './repository';
import { slugCandidates } from './slug';

/** The lock under which members are counted and added (and invitations, which count them). */
export const MEMBERS_LOCK = 'members';

export const DEMO_ORGANIZATION = { slug: 'demo', name: 'Demo', dataset: 'Demo marketing data' } as const;

/** The schema an organization's canonical model lives in (docs/data-model.md, with the ETL issue). */
export const WAREHOUSE_SCHEMA = 'marketing';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/**
 * How long a process reuses access it granted. Another process that took a member out would
 * see them keep reading this long; today members are never taken out (see `granted`).
 */
export const GRANTED_ACCESS_TTL_MS = 10_000;
const GRANTED_ACCESS_KEPT = 10_000;
const notFound = () => new AppError(404, 'organization_not_found', { message: 'Invalid organization' });

/** An organization as the API answers it, but for billing's has_subscription. */
type Unpaid = Omit<OrganizationResponse, 'has_subscription'>;

export type OrganizationsService = ReturnType<typeof createOrganizationsService>;

export function createOrganizationsService(
  platform: Pick<Platform, 'database' | 'config' | 'warehouseFiles'>,
  services: { users: UsersService },
) {
  const { db } = platform.database;
  const repository = organizationsRepository(db);
  // Access the guard granted, remembered GRANTED_ACCESS_TTL_MS: the visuals of a dashboard ask
  // at once. Only grants are kept: memberships are only ever added, so a refusal may turn into
  // a grant (an invitation accepted in another process) but a grant never into a refusal. A
  // change that removes a member or a role must forget the organization's entries here.
  const granted = createExpiringMap<OrganizationAccess>({
    ttlMs: GRANTED_ACCESS_TTL_MS,
    maxEntries: GRANTED_ACCESS_KEPT,
  });

  /**
   * Every organization gets its own warehouse: a DuckDB file under DATA_DIR (the managed default).
   * Shared as every use of the file is: another process (the demo organization's, at every start
   * of a second API process or worker) may have it open, and is asked to let go.
   */
  async function provisionWarehouse(organizationId: string): Promise<void> {
    const warehouse = await openDuckDbWarehouse({
      file: duckDbFileFor(platform.config.dataDir, organizationId),
      sharing: platform.warehouseFiles.sharing,
    });
    try {
      await warehouse.ensureSchema(WAREHOUSE_SCHEMA);
    } finally {
      await warehouse.close();
    }
  }

  /** The organization as the API answers it; `has_subscription` is billing's, added by the routes. */
  function toResponse(organization: Organization, role: Role): Unpaid {
    return {
      id: organization.id,
      name: organization.name,
      slug: organization.slug,
      // Every organization of its own opens its `-maya` report, which shows the first load's
      // progress until data arrives (decision 171); the demo organization opens its Demo report.
      has_dashboard: !organization.isDemo,
      is_demo: organization.isDemo,
      is_etl_enabled: organization.isEtlEnabled,
      currency_id: organization.currencyId,
      role,
    };
  }

  async function ownMemberships(userId: string) {
    return withUser(db, userId, (tx) => membershipsRepository.listOwn(tx, userId));
  }

  return {
    findBySlug: (slug: string) => repository.findBySlug(slug),
    findById: (id: string) => repository.findById(id),

    /** The user's organizations and every demo organization (open to all, as members). */
    async listForUser(userId: string): Promise<Unpaid[]> {
      const own = await ownMemberships(userId);
      const roles = new Map(own.map((m) => [m.organizationId, m.role]));
      const visible = await repository.listVisible([...roles.keys()]);
      return visible.map((organization) => toResponse(organization, roles.get(organization.id) ?? 'member'));
    },

    countForUser: async (userId: string): Promise<number> => (await ownMemberships(userId)).length,

    /** Creates the organization with its creator as admin, its default dataset and its warehouse. */
    async create(userId: string, name: string): Promise<Organization> {
      let organization: Organization | null = null;
      for (const slug of slugCandidates(name)) {
        organization = await repository.insert({ name, slug });
        if (organization) break;
      }
      if (!organization) throw new AppError(409, 'slug_taken', { message: 'Could not find a free address' });
      const created = organization;
      await withOrganization(db, created.id, async (tx) => {
        await membershipsRepository.add(tx, { organizationId: created.id, userId, role: 'admin' });
        await datasetsRepository.insertOrGet(tx, {
          organizationId: created.id,
          name: `${created.name} data`,
          description: `Marketing and analytics data of ${created.name}`,
        });
      });
      await provisionWarehouse(created.id);
      return created;
    },

    /** The `organization` guard: a verified member (or anyone, for a demo organization); else 404. */
    async authorize(
      _request: FastifyRequest,
      auth: Auth,
      organizationId: string,
    ): Promise<OrganizationAccess> {
      if (!UUID.test(organizationId)) throw notFound();
      if (!auth.emailVerified) throw new AppError(403, 'email_not_verified', { email: auth.email });
      const key = `${auth.userId}:${organizationId}`;
      const known = granted.get(key);
      if (known !== undefined) return known;
      const found = await repository.accessOf(auth.userId, organizationId);
      if (!found || (found.role === null && !found.isDemo)) throw notFound();
      const access: OrganizationAccess = {
        organizationId,
        role: found.role ?? 'member',
        isDemo: found.isDemo,
      };
      granted.set(key, access);
      return access;
    },

    /**
     * Changes the organization's currency (owners and admins; not the demo organization's, which
     * everyone shares). Reports read it on every query, so the next one shows the new currency.
     */
    async updateCurrency(access: OrganizationAccess, currencyId: string): Promise<Unpaid> {
      if (!can(access, 'organization.update')) {
        throw new AppError(403, 'forbidden', { message: 'Only admins change the organization’s currency' });
      }
      const updated = await repository.updateCurrency(access.organizationId, currencyId);
      if (!updated) throw notFound();
      return toResponse(updated, access.role);
    },

    /**
     * Adds a member unless they are one. With `maxMembers` (the plan's users, -1 unlimited) the
     * count and the insert happen under the organization's members lock, so two acceptances
     * racing for the last seat cannot both take it.
     */
    async addMember(
      organizationId: string,
      userId: string,
      role: Role,
      maxMembers = -1,
    ): Promise<'added' | 'already_member' | 'no_room'> {
      return withOrganization(db, organizationId, async (tx) => {
        await lockOrganization(tx, MEMBERS_LOCK, organizationId);
        const current = await membershipsRepository.list(tx);
        if (current.some((m) => m.userId === userId)) return 'already_member';
        if (!withinLimit(maxMembers, current.length)) return 'no_room';
        await membershipsRepository.add(tx, { organizationId, userId, role });
        return 'added';
      });
    },

    async isMember(organizationId: string, userId: string): Promise<boolean> {
      return (await ownMemberships(userId)).some((m) => m.organizationId === organizationId);
    },

    async members(organizationId: string) {
      const rows = await withOrganization(db, organizationId, (tx) => membershipsRepository.list(tx));
      const people = new Map(
        (await services.users.findMany(rows.map((r) => r.userId))).map((u) => [u.id, u]),
      );
      return rows.flatMap((row) => {
        const user = people.get(row.userId);
        return user
          ? [
              {
                id: user.id,
                email: user.email,
                first_name: user.firstName,
                last_name: user.lastName,
                role: row.role,
                joined_at: row.joinedAt.toISOString(),
              },
            ]
          : [];
      });
    },

    /** Whether the organization loads data (spec 002 Data load): ETL enabled and not a demo. */
    async isEtlEnabled(organizationId: string): Promise<boolean> {
      const organization = await repository.findById(organizationId);
      return organization !== null && organization.isEtlEnabled && !organization.isDemo;
    },

    /** The organizations the daily schedule loads. */
    listEtlEnabled: (): Promise<string[]> => repository.listEtlEnabled(),

    listDatasets(organizationId: string): Promise<Dataset[]> {
      return withOrganization(db, organizationId, (tx) => datasetsRepository.list(tx));
    },

    /** The demo organization every user can open (DESIGN.md: seeded at start). Idempotent. */
    async ensureDemoOrganization(): Promise<{ organization: Organization; dataset: Dataset }> {
      const organization = await repository.insertOrGet({
        slug: DEMO_ORGANIZATION.slug,
        name: DEMO_ORGANIZATION.name,
        isDemo: true,
      });
      const dataset = await withOrganization(db, organization.id, (tx) =>
        datasetsRepository.insertOrGet(tx, {
          organizationId: organization.id,
          name: DEMO_ORGANIZATION.dataset,
          description: 'Sample advertising, search and analytics data of a fictional online shop.',
        }),
      );
      await provisionWarehouse(organization.id);
      return { organization, dataset };
    },
  };
}
