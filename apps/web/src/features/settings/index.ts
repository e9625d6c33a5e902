/** The settings area, as other areas use it. */
export { useFeatures } from './hooks/useFeatures';
export { useMembers } from './hooks/useMembers';
export type { Member } from './api/members';
