/** What other areas may use of the auth feature (dependency-cruiser: features meet through index.ts). */
export { mergeAccountUrl, providerTokenFromDetail, providerTokenState } from './navigation';
export { fuzzyFilter, fuzzyOptionsFilter } from './components/FuzzySelect';
