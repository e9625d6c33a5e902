/** The organizations area, as other areas and the app shell use it. */
export { organizationKeys } from './api/keys';
export { listDatasets, listOrganizations, updateOrganization } from './api/organizations';
export { CurrentOrganizationProvider, useCurrentOrganization } from './components/CurrentOrganization';
export { LatestOrganizationRedirect } from './components/LatestOrganizationRedirect';
export { LoadFailure } from './components/LoadFailure';
export { OrganizationAvatar } from './components/OrganizationAvatar';
export { OrganizationPicker, OrganizationPickerOnDemand } from './components/OrganizationPicker';
export { useDatasets } from './hooks/useDatasets';
export { useFeatures } from './hooks/useFeatures';
export { useMembers } from './hooks/useMembers';
export type { Member } from './api/members';
export { organizationsQuery, useOrganizations } from './hooks/useOrganizations';
export { useUserOrganizations } from './hooks/useUserOrganizations';
export type { UserOrganizationsState } from './hooks/useUserOrganizations';
export { organizationMessages } from './messages';
export {
  DEMO_REPORT_SLUG,
  DESTINATIONS_STATE,
  hasDestinationsFlag,
  LATEST_ORGANIZATION_SLUG,
  memberOrganizations,
  organizationHomePath,
  organizationPath,
} from './navigation';
