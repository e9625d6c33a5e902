import { useMutation } from '@tanstack/react-query';
import { generateBookmark } from '../api/aiBuilder';
import { aiBuilderKeys } from '../api/keys';

/** POST /reports/{slug}/generate-bookmark: the bookmark a prompt asks for (nothing is saved). */
export function useGenerateBookmark(organizationId: string, reportSlug: string) {
  return useMutation({
    mutationKey: aiBuilderKeys.generate(organizationId, reportSlug),
    mutationFn: (prompt: string) => generateBookmark(organizationId, reportSlug, prompt),
  });
}
