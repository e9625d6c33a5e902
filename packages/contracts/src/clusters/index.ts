/**
 * Clusters and word groups (spec 001 §2 Clusters, §3 Cluster column, Word group, §4, §5, §7, §8,
 * §9): named columns whose value comes from ordered when/then rule sets over one category's
 * table (the first rule set whose rules hold gives its name), and lists of terms rules can match.
 */
export * from './common';
export * from './columns';
export * from './previews';
export * from './word-groups';
