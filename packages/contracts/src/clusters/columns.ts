import { z } from 'zod/mini';
import { atMostCharacters } from '../validation';
import {
  ClusterCategorySchema,
  ClusterErrorType,
  ClusterFieldTypeSchema,
  ClusterOperatorOptionSchema,
  ClusterOperatorSchema,
  WORD_GROUPS_TAB,
  clusterLimits,
  organizationQuery,
} from './common';

/**
 * spec 001 §3 Field: a column of the category's table, or an earlier cluster column (its id is
 * then the column's db_name), with the operators its type allows.
 */
export const ClusterFieldSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: ClusterFieldTypeSchema,
  operators: z.array(ClusterOperatorOptionSchema),
  /** The cluster column it is, for a field that is an earlier cluster column; null otherwise. */
  column_id: z.nullable(z.uuid()),
});
export type ClusterField = z.infer<typeof ClusterFieldSchema>;

export const RuleConditionSchema = z.enum(['and', 'or']);
export type RuleCondition = z.infer<typeof RuleConditionSchema>;

/** spec 001 §3 Rule. `condition` joins it to the rules before it (absent on the first rule). */
export const ClusterRuleSchema = z.object({
  field: z.string().check(z.minLength(1), z.maxLength(200)),
  operator: ClusterOperatorSchema,
  /** Text, a number for numeric fields (empty allowed), a word group's id for word-group operators. */
  value: z.string().check(atMostCharacters(clusterLimits.ruleValueMaxLength)),
  condition: z.optional(z.nullable(RuleConditionSchema)),
  /** The client's own key for the row; accepted and not stored. */
  uuid: z.optional(z.string().check(z.maxLength(100))),
});
export type ClusterRule = z.infer<typeof ClusterRuleSchema>;

/** spec 001 §3 Rule set: `name` is the "then" value rows matching its rules get. */
export const ClusterRuleSetSchema = z.object({
  id: z.uuid(),
  name: z.string().check(z.trim(), atMostCharacters(clusterLimits.nameMaxLength)),
  rules: z.array(ClusterRuleSchema).check(z.maxLength(clusterLimits.rulesPerSetMax)),
});
export type ClusterRuleSet = z.infer<typeof ClusterRuleSetSchema>;

/** spec 001 §3 Cluster column, as the server answers it. */
export const ClusterColumnSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** The column's name in the warehouse table and in reports' dimensions; kept on rename. */
  db_name: z.string(),
  /** Cannot be dragged, deleted or renamed (spec 001 §6). */
  is_fixed: z.boolean(),
  /** Cannot be deleted (spec 001 §6). */
  is_placeholder: z.boolean(),
  /** The rule sets, in order: the first whose rules hold gives the value. */
  values: z.array(ClusterRuleSetSchema),
  /** The fields its rules may read: the category's, then the cluster columns before it. */
  fields: z.array(ClusterFieldSchema),
  position: z.int(),
});
export type ClusterColumn = z.infer<typeof ClusterColumnSchema>;

export const ClusterCategoryParamsSchema = z.object({ category: ClusterCategorySchema });
export const ClusterColumnParamsSchema = z.object({ category: ClusterCategorySchema, id: z.uuid() });
export const ClusteringQuerySchema = z.object(organizationQuery);

/** GET /clustering/categories: the tabs, labels given by the server (spec 001 §2). */
export const ClusterCategoryTabSchema = z.object({
  id: z.union([ClusterCategorySchema, z.literal(WORD_GROUPS_TAB)]),
  label: z.string(),
  /** The word-groups tab: always last, not a category of columns. */
  is_fixed: z.boolean(),
});
export type ClusterCategoryTab = z.infer<typeof ClusterCategoryTabSchema>;
export const ClusterCategoriesResponseSchema = z.object({
  categories: z.array(ClusterCategoryTabSchema),
  /** Columns a category may hold (configured; spec 001 §9 "value not shown"). */
  max_columns: z.int(),
});
export type ClusterCategoriesResponse = z.infer<typeof ClusterCategoriesResponseSchema>;

/** GET /clustering/{category} (and the answer of a reorder): its columns in order. */
export const ClusterCategoryResponseSchema = z.object({
  category: ClusterCategorySchema,
  label: z.string(),
  columns: z.array(ClusterColumnSchema),
  /** The fields a new column (added last) may read. */
  fields: z.array(ClusterFieldSchema),
  max_columns: z.int(),
});
export type ClusterCategoryResponse = z.infer<typeof ClusterCategoryResponseSchema>;

const columnNameSchema = z
  .string()
  .check(z.trim(), z.minLength(1, 'Required'), atMostCharacters(clusterLimits.nameMaxLength));

/** What a save or a preview sends of a column: its name and rule sets. */
export const ClusterColumnInputSchema = z.object({
  name: columnNameSchema,
  values: z.array(ClusterRuleSetSchema).check(z.maxLength(clusterLimits.ruleSetsMax)),
});
export type ClusterColumnInput = z.infer<typeof ClusterColumnInputSchema>;

/** PUT /clustering/{category}/columns/{id}: creates the column (appended) or updates it. */
export const SaveClusterColumnRequestSchema = z.object({
  ...organizationQuery,
  ...ClusterColumnInputSchema.shape,
});
export type SaveClusterColumnRequest = z.infer<typeof SaveClusterColumnRequestSchema>;

export const DeleteClusterColumnResponseSchema = z.object({ success: z.literal(true) });

/** PUT /clustering/{category}/columns with updateType 'reorder' (spec 001 §7). */
export const ReorderClusterColumnsRequestSchema = z.object({
  ...organizationQuery,
  updateType: z.literal('reorder'),
  /** Every column of the category, in the new order. */
  columnIds: z.array(z.uuid()).check(z.maxLength(1_000)),
  /** The client's column list as the spec sends it; ignored (the ids give the order). */
  columns: z.optional(z.array(z.unknown()).check(z.maxLength(1_000))),
});
export type ReorderClusterColumnsRequest = z.infer<typeof ReorderClusterColumnsRequestSchema>;

/** 422 of a reorder: the column that would move above a column it reads. */
export const InvalidFieldReferenceDetailSchema = z.object({
  type: z.literal(ClusterErrorType.invalidFieldReference),
  message: z.string(),
  column: z.object({ id: z.uuid(), name: z.string() }),
  referenced_column: z.object({ id: z.uuid(), name: z.string() }),
});
