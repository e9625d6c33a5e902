import { z } from 'zod/mini';

/** The categories, limits, messages, error types and rule operators of clusters. */
/** spec 001 §2: the categories that hold cluster columns, in tab order. */
export const CLUSTER_CATEGORIES = [
  'adgroups',
  'conversions',
  'urls',
  'budget',
  'keywords',
  'searchTerms',
] as const;
export type ClusterCategory = (typeof CLUSTER_CATEGORIES)[number];
export const ClusterCategorySchema = z.enum(CLUSTER_CATEGORIES);

/** The fixed word-groups tab (spec 001 §2 clusters/word-groups), listed after the categories. */
export const WORD_GROUPS_TAB = 'word-groups';

export const clusterLimits = {
  nameMaxLength: 100,
  ruleSetsMax: 200,
  rulesPerSetMax: 50,
  ruleValueMaxLength: 1_000,
  /** Preview rows: the preview table and one value's rows. */
  previewRowsMax: 500,
  wordGroupsMax: 200,
  wordGroupNameMaxLength: 100,
  termMaxLength: 200,
  /** Terms and exclude terms of one group, each. */
  termsPerGroupMax: 5_000,
} as const;

/** spec 001 §5 and §8, verbatim. */
export const clusterMessages = {
  duplicateColumnName: 'Duplicate column name',
  fixRuleErrors: 'Please fix the rule errors.',
  enterNumber: 'Please enter a number',
  duplicateWordGroupName: 'Duplicate Name',
  deleteReferencedWordGroup:
    'References to this wordgroup will be deleted. Are you sure you want to delete it?',
  notEnoughDataPreview: 'Not enough data for the preview.',
  notEnoughDataSql: 'Not enough data for the sql preview.',
  loadFailed: 'Failed loading clustering column',
  previewFailed: 'Server error',
  previewValueFailed: 'Could not get the preview value for this column',
  sqlPreviewFailed: 'Could not get the SQL preview',
  saveFailed: 'Failed saving clustering column',
  noData: 'No data',
  noDataForTable: 'No data for this table',
  deleteFailed: 'Error: Could not delete column',
  reorderFailed: 'Error: Could not reorder columns',
  reorderOtherError: 'There was an error, please contact support.',
} as const;

/** spec 001 §8: the reorder refusal, with the column that would move above the column it reads. */
export const cantMoveColumnMessage = (column: string, referenced: string) =>
  `Error: Can't move column '${column}' above column '${referenced}'`;

/** spec 001 §5: the name a word group saved without one gets (n counts from 1). */
export const wordGroupDefaultName = (n: number) => `Word group #${n}`;

export const ClusterErrorType = {
  /** Unknown column, or another organization's (404). */
  columnNotFound: 'cluster_column_not_found',
  /** spec 001 §8 reorder: a column would move above a column it reads (422, with both names). */
  invalidFieldReference: 'invalid_field_reference',
  /** The category already holds the configured maximum of columns (422, with `max`). */
  tooManyColumns: 'too_many_cluster_columns',
  /** spec 001 §6: fixed and placeholder columns cannot be deleted (422). */
  notDeletable: 'cluster_column_not_deletable',
  /** spec 001 §6: a fixed column cannot be dragged (422). */
  notMovable: 'cluster_column_not_movable',
  /** spec 001 §6: a fixed column cannot be renamed (422). */
  notRenamable: 'cluster_column_not_renamable',
  /** Deleting a column later columns of the category read (409, with `columns` naming them). */
  columnReferenced: 'cluster_column_referenced',
  /** A reorder whose ids are not exactly the category's columns (422). */
  reorderMismatch: 'cluster_reorder_mismatch',
  /** spec 001 §8 'Not enough data for the preview.' / '... sql preview.' (422). */
  notEnoughData: 'not_enough_data',
  /** The column was saved but applying it to the organization's data failed (503, `saved: true`). */
  applyFailed: 'cluster_apply_failed',
  /**
   * The column was saved but the warehouse refused to apply its table's cluster columns (422,
   * `saved: true`, `columns` naming them with the engine's reason in `message`).
   */
  applyRefused: 'cluster_apply_refused',
  /** A change to the demo organization's clusters or word groups, which everyone shares (403). */
  demoReadOnly: 'clusters_demo_read_only',
  /** Deleting word groups rules read, without `delete_references` (409, with `wordgroups`). */
  wordGroupReferenced: 'wordgroup_referenced',
  /** Deleting a word group with deletion protection (422, with `wordgroups`). */
  wordGroupProtected: 'wordgroup_protected',
} as const;
export type ClusterErrorType = (typeof ClusterErrorType)[keyof typeof ClusterErrorType];

/**
 * Validation issue types of a column or word-group save (422 `{detail: [{loc, msg, type}]}`), each
 * at the field it concerns: `['body', 'name']`, `['body', 'values', i, 'rules', j, 'value']`, ...
 */
export const ClusterIssueType = {
  duplicateName: 'duplicate_name',
  notANumber: 'not_a_number',
  invalidRegex: 'invalid_regex',
  unknownField: 'unknown_field',
  unknownOperator: 'unknown_operator',
  unknownWordGroup: 'unknown_wordgroup',
} as const;
export type ClusterIssueType = (typeof ClusterIssueType)[keyof typeof ClusterIssueType];

/** Operator keys (spec 001 §3 "operators (each with key and value)"): text fields. */
export const TEXT_OPERATORS = [
  'equals',
  'not_equals',
  'contains',
  'not_contains',
  'starts_with',
  'ends_with',
  'matches',
  'not_matches',
  'matches_wordgroup',
  'not_matches_wordgroup',
  'is_empty',
] as const;
/** Operator keys of numeric and money fields. */
export const NUMERIC_OPERATORS = ['eq', 'ne', 'lt', 'lte', 'gt', 'gte'] as const;
export const CLUSTER_OPERATORS = [...TEXT_OPERATORS, ...NUMERIC_OPERATORS] as const;
export type ClusterOperator = (typeof CLUSTER_OPERATORS)[number];
export const ClusterOperatorSchema = z.enum(CLUSTER_OPERATORS);

/** What a person reads for each operator key (the operator's `value`). */
export const clusterOperatorLabels: Record<ClusterOperator, string> = {
  equals: 'equals',
  not_equals: 'not equals',
  contains: 'contains',
  not_contains: 'not contains',
  starts_with: 'starts with',
  ends_with: 'ends with',
  matches: 'matches (regex)',
  not_matches: 'not matches (regex)',
  matches_wordgroup: 'matches word group',
  not_matches_wordgroup: 'not matches word group',
  is_empty: 'is empty',
  eq: '=',
  ne: '≠',
  lt: '<',
  lte: '≤',
  gt: '>',
  gte: '≥',
};

/** Operators whose value is a word group's id. */
export const WORD_GROUP_OPERATORS: readonly ClusterOperator[] = [
  'matches_wordgroup',
  'not_matches_wordgroup',
];

export const ClusterFieldTypeSchema = z.enum(['numeric', 'money', 'other']);
export type ClusterFieldType = z.infer<typeof ClusterFieldTypeSchema>;

export const ClusterOperatorOptionSchema = z.object({ key: ClusterOperatorSchema, value: z.string() });
export type ClusterOperatorOption = z.infer<typeof ClusterOperatorOptionSchema>;

/** Every clustering request names its organization. */
export const organizationQuery = { organization_id: z.uuid() };
