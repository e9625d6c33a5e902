import { withOrganization } from '../../platform/db/tenant';
import type { Platform } from '../../platform/platform';
import { datasetsRepository, organizationsRepository, type Dataset, type Organization } from './repository';

export const DEMO_ORGANIZATION = { slug: 'demo', name: 'Demo', dataset: 'Demo marketing data' } as const;

export type OrganizationsService = ReturnType<typeof createOrganizationsService>;

export function createOrganizationsService(platform: Pick<Platform, 'database'>) {
  const { db } = platform.database;
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
      return { organization, dataset };
    },
  };
}
