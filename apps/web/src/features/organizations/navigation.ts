import type { Organization } from '@maya/contracts';
import { organizationPath } from '../../shared/organizations';

export { organizationPath };

/** The slug of `/organization/0`: "the latest or first organization" (spec 000 §2). */
export const LATEST_ORGANIZATION_SLUG = '0';

export const CREATE_ORGANIZATION_PATH = '/create-organization';

/** Built-in report slugs (DESIGN.md Reports): `-maya` with a dashboard, `-demo` otherwise. */
export const DASHBOARD_REPORT_SLUG = '-maya';
export const DEMO_REPORT_SLUG = '-demo';

/** Navigation state that asks the landing redirect for the destinations settings (spec 000 §2). */
export type LandingState = { destinations: true };
export const DESTINATIONS_STATE: LandingState = { destinations: true };

export function hasDestinationsFlag(state: unknown): boolean {
  return (
    typeof state === 'object' && state !== null && (state as Partial<LandingState>).destinations === true
  );
}

/**
 * The organizations that count as "the user's": the demo organization is listed for everyone, so
 * a user whose only organization is the demo one has none (docs/decisions.md).
 */
export function memberOrganizations(organizations: readonly Organization[]): Organization[] {
  return organizations.filter((organization) => !organization.is_demo);
}

/**
 * The saved current organization (by slug, any listed one, the demo included), else the first of
 * the user's own; null when the user has none of their own.
 */
export function resolveCurrentOrganization(
  organizations: readonly Organization[],
  savedSlug: string | null,
): Organization | null {
  const own = memberOrganizations(organizations);
  if (own.length === 0) return null;
  const saved = savedSlug === null ? undefined : organizations.find((o) => o.slug === savedSlug);
  return saved ?? own[0] ?? null;
}

/** An organization's home: its `-maya` dashboard when it has one, else the demo report. */
export function organizationHomePath(organization: Organization): string {
  const report = organization.has_dashboard ? DASHBOARD_REPORT_SLUG : DEMO_REPORT_SLUG;
  return organizationPath(organization.slug, `dashboard/${report}`);
}

export function destinationsSettingsPath(slug: string): string {
  return `${organizationPath(slug, 'settings/destinations')}?refresh_destinations=1`;
}

/** The landing redirect of `/` (spec 000 §2), once the organizations are known. */
export function landingPath(
  organizations: readonly Organization[],
  savedSlug: string | null,
  destinations: boolean,
): string {
  const organization = resolveCurrentOrganization(organizations, savedSlug);
  if (organization === null) return CREATE_ORGANIZATION_PATH;
  if (destinations) return destinationsSettingsPath(organization.slug);
  return organizationHomePath(organization);
}
