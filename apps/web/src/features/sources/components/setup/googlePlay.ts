import { GOOGLE_PLAY_BUCKET_PATTERN, GOOGLE_PLAY_BUCKET_PREFIX } from '@maya/contracts';
import { z } from 'zod/mini';
import { sourcesMessages } from '../../messages';
import type { GuideStep } from './SetupLayout';

/** The path segment of the return from Google's consent (spec 001 §2). */
export const GOOGLE_PLAY_RETURN = 'oauth';

/** The two steps of the Google Play guide (spec 001 §2). */
export const googlePlayGuideSteps: GuideStep[] = [
  {
    title: 'Copy the Cloud Storage URI',
    body: `In the Google Play Console open Download reports → Statistics and copy the Cloud Storage URI of your reports bucket (it starts with ${GOOGLE_PLAY_BUCKET_PREFIX}pubsite_prod_).`,
  },
  {
    title: 'Authorize with Google',
    body: 'Paste the URI here and sign in with a Google account that can download the reports of your apps.',
  },
];

/**
 * The setup form (spec 001 §5): the Cloud Storage URI, trimmed, is empty (Authorize stays
 * disabled, nothing to say yet) or `gs://` followed by non-space characters ('Invalid bucket id').
 */
export const GooglePlayBucketFormSchema = z.object({
  bucket: z.string().check(
    z.trim(),
    z.refine(
      (bucket) => bucket === '' || GOOGLE_PLAY_BUCKET_PATTERN.test(bucket),
      sourcesMessages.invalidBucket,
    ),
  ),
});
