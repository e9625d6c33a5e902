import { duckDbFileFor, openDuckDbWarehouse } from '@maya/warehouse';
import { withOrganization } from '../../platform/db/tenant';
import type { Platform } from '../../platform/platform';
import { datasetsRepository, organizationsRepository, type Dataset, type Organization } from './repository';

export const DEMO_ORGANIZATION = { slug: 'demo', name: 'Demo', dataset: 'Demo marketing data' } as const;

export type OrganizationsService = ReturnType<typeof createOrganizationsService>;

/** The schema an organization's canonical model lives in (docs/data-model.md, with the ETL issue). */
export const WAREHOUSE_SCHEMA = 'marketing';

export function createOrganizationsService(platform: Pick<Platform, 'database' | 'config'>) {
  const { db } = platform.database;

  /** Every organization gets its own warehouse: a DuckDB file under DATA_DIR (the managed default). */
  async function provisionWarehouse(organizationId: string): Promise<void> {
    const warehouse = await openDuckDbWarehouse({
      file: duckDbFileFor(platform.config.dataDir, organizationId),
    });
    try {
      await warehouse.ensureSchema(WAREHOUSE_SCHEMA);
    } finally {
      await warehouse.close();
    }
  }

  const repository = organizationsRepository(db);
  return {
    findBySlug: (slug: string) => repository.findBySlug(slug),

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
