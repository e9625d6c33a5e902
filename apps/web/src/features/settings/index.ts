/** The settings area, as other areas use it. */
export { useFeatures } from './hooks/useFeatures';
