import { z } from 'zod/mini';
import { atMostCharacters } from '../validation';
import { ClusterErrorType, clusterLimits, organizationQuery } from './common';

/** spec 001 §3 Word group, as the server answers it. */
export const WordGroupSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** The product relies on it (the fixed 'Is Brand' columns read it): it cannot be deleted. */
  deletion_protection: z.boolean(),
  /** A rule of some cluster column reads it: deleting it deletes those rules, after confirmation. */
  has_references: z.boolean(),
  terms: z.array(z.string()),
  excludeTerms: z.array(z.string()),
});
export type WordGroup = z.infer<typeof WordGroupSchema>;

export const WordGroupsResponseSchema = z.object({ wordgroups: z.array(WordGroupSchema) });
export type WordGroupsResponse = z.infer<typeof WordGroupsResponseSchema>;

const termListSchema = z
  .array(z.string().check(z.trim(), atMostCharacters(clusterLimits.termMaxLength)))
  .check(z.maxLength(clusterLimits.termsPerGroupMax));

/** One word group of a save; `deletion_protection` and `has_references` are the server's, ignored. */
export const WordGroupInputSchema = z.object({
  id: z.uuid(),
  /** Empty becomes 'Word group #n' (spec 001 §5). */
  name: z.string().check(z.trim(), atMostCharacters(clusterLimits.wordGroupNameMaxLength)),
  deletion_protection: z.optional(z.boolean()),
  has_references: z.optional(z.boolean()),
  terms: termListSchema,
  excludeTerms: termListSchema,
});
export type WordGroupInput = z.infer<typeof WordGroupInputSchema>;

/**
 * PUT /clustering/wordgroups: the whole list; groups left out are deleted. Deleting groups that
 * rules read needs `delete_references: true` (the spec's warning), which deletes those rules.
 */
export const SaveWordGroupsRequestSchema = z.object({
  ...organizationQuery,
  wordgroups: z.array(WordGroupInputSchema).check(z.maxLength(clusterLimits.wordGroupsMax)),
  delete_references: z.optional(z.boolean()),
});
export type SaveWordGroupsRequest = z.infer<typeof SaveWordGroupsRequestSchema>;

/** 409 of a word-group save that would delete groups rules read. */
export const WordGroupReferencedDetailSchema = z.object({
  type: z.literal(ClusterErrorType.wordGroupReferenced),
  message: z.string(),
  wordgroups: z.array(z.object({ id: z.uuid(), name: z.string() })),
});
