import type { ClusterCategory, ClusterRuleSet } from '@maya/contracts';

/**
 * What every organization starts with (decision 273): the 'Brand' word group, which cannot be
 * deleted, and the columns that read it. 'Is Brand' on keywords and search terms is fixed (first,
 * not dragged, deleted or renamed; its rules are the organization's to edit): the competition
 * reports filter by it (spec 001 §9 "default filter 'Is Brand' with values No/Yes"). 'Funnel
 * Stage' on ad groups is a placeholder: renamed, moved and filled in at will, never deleted.
 * Ids are fixed: every organization's rows are its own (the keys hold the organization).
 */
export const BRAND_WORD_GROUP = {
  id: 'b4a7d000-0000-4000-8000-000000000001',
  name: 'Brand',
  deletionProtection: true,
} as const;

export type BuiltinColumn = {
  id: string;
  category: ClusterCategory;
  name: string;
  dbName: string;
  isFixed: boolean;
  isPlaceholder: boolean;
  ruleSets: ClusterRuleSet[];
};

const brandRuleSets = (field: string, ids: readonly [string, string]): ClusterRuleSet[] => [
  {
    id: ids[0],
    name: 'Yes',
    rules: [{ field, operator: 'matches_wordgroup', value: BRAND_WORD_GROUP.id }],
  },
  {
    id: ids[1],
    name: 'No',
    rules: [{ field, operator: 'not_matches_wordgroup', value: BRAND_WORD_GROUP.id }],
  },
];

export const BUILTIN_COLUMNS: readonly BuiltinColumn[] = [
  {
    id: 'b4a7d000-0000-4000-8000-000000000101',
    category: 'keywords',
    name: 'Is Brand',
    dbName: 'is_brand',
    isFixed: true,
    isPlaceholder: false,
    ruleSets: brandRuleSets('keyword_text', [
      'b4a7d000-0000-4000-8000-000000000111',
      'b4a7d000-0000-4000-8000-000000000112',
    ]),
  },
  {
    id: 'b4a7d000-0000-4000-8000-000000000102',
    category: 'searchTerms',
    name: 'Is Brand',
    dbName: 'is_brand',
    isFixed: true,
    isPlaceholder: false,
    ruleSets: brandRuleSets('search_term', [
      'b4a7d000-0000-4000-8000-000000000121',
      'b4a7d000-0000-4000-8000-000000000122',
    ]),
  },
  {
    id: 'b4a7d000-0000-4000-8000-000000000103',
    category: 'adgroups',
    name: 'Funnel Stage',
    dbName: 'funnel_stage',
    isFixed: false,
    isPlaceholder: true,
    ruleSets: [],
  },
];
