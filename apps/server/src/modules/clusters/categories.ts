import {
  CLUSTER_CATEGORIES,
  clusterOperatorLabels,
  NUMERIC_OPERATORS,
  TEXT_OPERATORS,
  WORD_GROUPS_TAB,
  type ClusterCategory,
  type ClusterCategoryTab,
  type ClusterField,
  type ClusterFieldType,
} from '@maya/contracts';
import { CLUSTER_PREVIEW_SOURCES, tablesCarrying } from '@maya/analytics';
import type { CanonicalModel } from '@maya/analytics';

/**
 * The tab label of each category (decision 271). Its table, and what its previews show and sum,
 * are the rule compiler's `CLUSTER_PREVIEW_SOURCES`; its cluster columns are added to that table.
 */
export const CATEGORY_LABELS: Record<ClusterCategory, string> = {
  adgroups: 'Ad Groups',
  conversions: 'Conversions',
  urls: 'URLs',
  budget: 'Budget',
  keywords: 'Keywords',
  searchTerms: 'Search Terms',
};

/** The model table a category's rules read and its columns are added to. */
export const categoryTable = (category: ClusterCategory): string => CLUSTER_PREVIEW_SOURCES[category].table;

/** Every model table a category's columns are added to: its own, and those carrying its rows. */
export const categoryTables = (category: ClusterCategory): string[] => [
  categoryTable(category),
  ...tablesCarrying(categoryTable(category)),
];

export const WORD_GROUPS_LABEL = 'Word Groups';

/** GET /clustering/categories: the categories in the spec's order, then the fixed word-groups tab. */
export function categoryTabs(): ClusterCategoryTab[] {
  return [
    ...CLUSTER_CATEGORIES.map((id) => ({ id, label: CATEGORY_LABELS[id], is_fixed: false })),
    { id: WORD_GROUPS_TAB, label: WORD_GROUPS_LABEL, is_fixed: true },
  ];
}

const WORDS: Record<string, string> = { id: 'ID', url: 'URL' };

/** `campaign_name` → 'Campaign Name'; `cost_micros` → 'Cost' (a money field reads in whole units). */
export function fieldLabel(column: string): string {
  return column
    .replace(/_micros$/, '')
    .split('_')
    .map((word) => WORDS[word] ?? `${word.charAt(0).toUpperCase()}${word.slice(1)}`)
    .join(' ');
}

const operatorOptions = (type: ClusterFieldType) =>
  (type === 'other' ? TEXT_OPERATORS : NUMERIC_OPERATORS).map((key) => ({
    key,
    value: clusterOperatorLabels[key],
  }));

export const clusterField = (id: string, name: string, type: ClusterFieldType, columnId: string | null) => ({
  id,
  name,
  type,
  operators: operatorOptions(type),
  column_id: columnId,
});

/**
 * The fields of a model table rules may read (decision 272): text columns (`other`), numbers
 * (`numeric`), and amounts as their micros column (`money`, compared in whole currency units);
 * dates, flags, currencies, minor-unit twins and packed keys are left out.
 */
export function modelFields(model: CanonicalModel): ClusterField[] {
  const moneyMicros = new Set(model.columns.flatMap((c) => (c.role === 'minor' ? [c.micros] : [])));
  const fields: ClusterField[] = [];
  for (const column of model.columns) {
    if (column.role === 'packed' || column.role === 'minor' || column.name === 'currency') continue;
    if (moneyMicros.has(column.name)) {
      fields.push(clusterField(column.name, fieldLabel(column.name), 'money', null));
    } else if (column.type === 'string') {
      fields.push(clusterField(column.name, fieldLabel(column.name), 'other', null));
    } else if (['bigint', 'integer', 'decimal', 'double'].includes(column.type)) {
      fields.push(clusterField(column.name, fieldLabel(column.name), 'numeric', null));
    }
  }
  return fields;
}
