import type { WORD_GROUPS_TAB } from '@maya/contracts';
import { CLUSTER_CATEGORIES, type ClusterCategory } from '@maya/contracts';
import { organizationPath } from '../organizations';

/** The tab /clusters opens once the organization has loaded (spec 001 §2). */
export const DEFAULT_CATEGORY: ClusterCategory = 'adgroups';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isClusterCategory(value: string | undefined): value is ClusterCategory {
  return CLUSTER_CATEGORIES.some((category) => category === value);
}

export const isUuid = (value: string | undefined): value is string => value !== undefined && UUID.test(value);

/** A tab's page: a category's columns, or the word groups. */
export function clustersTabPath(slug: string, tab: ClusterCategory | typeof WORD_GROUPS_TAB): string {
  return organizationPath(slug, `clusters/${tab}`);
}

export function columnEditorPath(slug: string, category: ClusterCategory, columnId: string): string {
  return organizationPath(slug, `clusters/${category}/${columnId}`);
}
