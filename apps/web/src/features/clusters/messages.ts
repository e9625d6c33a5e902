import { cantMoveColumnMessage, clusterMessages } from '@maya/contracts';
import { isApiError } from '../../shared/api/ApiError';

/** Every user-visible text of the clusters area (spec 001 §2, §4, §5, §8), verbatim where the spec has one. */
export const clustersMessages = {
  ...clusterMessages,
  title: 'Clusters',
  description:
    'Clusters group your data by rules you write: the first rule set that matches a row gives it its value, and the column appears in every report.',
  tabs: 'Cluster categories',
  addCluster: 'Add Cluster',
  maxReached: 'This category holds the most clusters it can.',
  emptyTitle: 'No clusters yet',
  emptyDescription: 'Add a cluster to group these rows by your own rules.',
  fixed: 'Fixed',
  placeholder: 'Placeholder',
  ruleSetCount: (count: number) => `${count} ${count === 1 ? 'rule set' : 'rule sets'}`,
  dragHandle: (name: string) => `Drag ${name}`,
  deleteColumn: (name: string) => `Delete ${name}`,
  editColumnPrefix: 'Edit',
  deleteTitle: 'Delete cluster?',
  deleteBody: (name: string) =>
    `${name} will be removed from every report that shows it. This cannot be undone.`,
  delete: 'Delete',
  cancel: 'Cancel',
  retry: 'Try again',
  // The editor.
  back: 'Back to clusters',
  name: 'Cluster name',
  save: 'Save',
  saved: 'Saved',
  ruleSets: 'Rule sets',
  ruleSetsHint:
    'The first rule set whose rules match a row gives it its value. Rows no rule set matches get no value.',
  addRuleSet: 'Add rule set',
  addRule: 'Add rule',
  then: 'Then',
  thenPlaceholder: 'Value',
  when: 'When',
  field: 'Field',
  operator: 'Operator',
  value: 'Value',
  condition: 'Condition',
  and: 'and',
  or: 'or',
  duplicateRuleSet: 'Duplicate rule set',
  deleteRuleSet: 'Delete rule set',
  deleteRule: 'Delete rule',
  collapse: 'Collapse rule set',
  expand: 'Expand rule set',
  dragRuleSet: 'Drag rule set',
  untitledRuleSet: 'Untitled',
  ruleCount: (count: number) => `${count} ${count === 1 ? 'rule' : 'rules'}`,
  noRules: 'No rules: add one to say which rows get this value.',
  noRuleSets: 'No rule sets yet.',
  noWordGroups: 'No word groups',
  fixedName: 'A fixed cluster cannot be renamed.',
  // The preview panel.
  preview: 'Preview',
  showPreview: 'Show preview',
  hidePreview: 'Hide preview',
  refreshPreview: 'Refresh preview',
  previewTab: 'Data',
  coverageTab: 'Coverage',
  sqlTab: 'SQL',
  previewValue: (value: string) => `Rows for ${value}`,
  noneValue: '(none)',
  closeValue: 'Back to the preview',
  coverageRows: 'Rows',
  coverageSpend: 'Spend',
  coverageRuleSet: 'Rule set',
  coverageTotal: (rows: string) => `${rows} rows in all`,
  unmatched: 'No rule set',
  unmatchedTop: 'Most frequent values no rule set matches',
  allMatched: 'Every row matches a rule set.',
  coverageFailed: 'Could not get the coverage of this column',
  // Word groups.
  wordGroupsTitle: 'Word groups',
  wordGroupsDescription:
    'Lists of terms that rules can match with "matches word group". A term matches when a value contains it; exclude terms override it.',
  addWordGroup: 'Add word group',
  wordGroupName: 'Name',
  terms: 'Terms',
  excludeTerms: 'Exclude terms',
  termsPlaceholder: 'Type a term and press Enter, or paste a list',
  removeTerm: (term: string) => `Remove ${term}`,
  editWordGroup: (name: string) => `Edit ${name}`,
  deleteWordGroup: (name: string) => `Delete ${name}`,
  doneEditing: 'Done',
  protectedGroup: 'Used by the product: it cannot be deleted.',
  inUse: 'In use',
  noWordGroupsTitle: 'No word groups yet',
  noWordGroupsDescription: 'Add a word group to match many terms with one rule.',
  wordGroupsLoadFailed: 'Failed loading word groups',
  wordGroupsSaveFailed: 'Failed saving word groups',
  termCount: (count: number) => `${count} ${count === 1 ? 'term' : 'terms'}`,
  excludeCount: (count: number) => `${count} excluded`,
} as const;

export { cantMoveColumnMessage };

/** spec 001 §8: a load fails with the server's detail type, else the fallback. */
export function detailTypeOr(error: unknown, fallback: string): string {
  if (!isApiError(error) || error.status === 0 || error.detail === null) return fallback;
  return error.type;
}

/** spec 001 §8: a failed save's toast: the message or type plus the detailed message, else the fallback. */
export function saveFailedMessage(error: unknown, fallback: string = clusterMessages.saveFailed): string {
  if (!isApiError(error) || error.status === 0) return fallback;
  if (error.issues !== null && error.issues.length > 0) {
    return error.issues.map((issue) => issue.msg).join(', ');
  }
  if (error.detail === null) return fallback;
  const message = typeof error.detail.message === 'string' ? error.detail.message : error.type;
  const detailed = error.detail.detailed_message;
  return typeof detailed === 'string' && detailed !== '' ? `${message}: ${detailed}` : message;
}

/** spec 001 §8: a failed reorder says which column cannot move above which, else to contact support. */
export function reorderFailedMessage(error: unknown): string {
  if (isApiError(error) && error.type === 'invalid_field_reference' && error.detail !== null) {
    const column = error.detail.column as { name?: unknown } | undefined;
    const referenced = error.detail.referenced_column as { name?: unknown } | undefined;
    if (typeof column?.name === 'string' && typeof referenced?.name === 'string') {
      return cantMoveColumnMessage(column.name, referenced.name);
    }
  }
  return clusterMessages.reorderOtherError;
}
