/** The sources area, as other areas and the app shell use it. */
export { sourcesKeys } from './api/keys';
export { sourcesWarningLabel, useServiceAccountWarnings } from './hooks/useServiceAccountWarnings';
export { sourcesMessages } from './messages';
export { useServiceAccounts } from './hooks/useServiceAccounts';
export { sourcesPath } from './navigation';
