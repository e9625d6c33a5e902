export {
  cacheOrganization,
  CURRENT_ORGANIZATION_KEY,
  forgetCurrentOrganization,
  getCachedOrganization,
  getCurrentOrganizationSlug,
  ORGANIZATION_CACHE_KEY,
  setCurrentOrganizationSlug,
} from './currentOrganization';
export type { CachedOrganization } from './currentOrganization';
export { dashboardPath, organizationPath } from './paths';
