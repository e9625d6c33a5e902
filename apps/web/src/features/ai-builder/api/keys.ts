/** Keys of the AI Builder area: generation is a mutation, keyed per organization and report. */
export const aiBuilderKeys = {
  all: ['ai-builder'] as const,
  generate: (organizationId: string, reportSlug: string) =>
    [...aiBuilderKeys.all, organizationId, reportSlug, 'generate'] as const,
};
