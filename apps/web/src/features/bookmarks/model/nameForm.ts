import { bookmarkNameKey, BookmarkNameSchema } from '@maya/contracts';
import type { FormErrors } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { z } from 'zod/mini';
import { bookmarkMessages as text } from '../messages';

/** The one field of Capture and Rename. */
export type BookmarkNameValues = { name: string };

/**
 * The bookmark name of Capture and Rename (spec 002 §5): the contract's rule first ('Required',
 * its length), then none of the names in `taken` (keys of `bookmarkNameKey`: trimmed, case and
 * accents ignored): 'Bookmark name already exists'.
 */
export function validateBookmarkName(taken: ReadonlySet<string>): (values: BookmarkNameValues) => FormErrors {
  return zod4Resolver(
    z.object({
      name: BookmarkNameSchema.check(z.refine((name) => !taken.has(bookmarkNameKey(name)), text.nameExists)),
    }),
    { errorPriority: 'first' },
  );
}
