// The nodes of the account tree offered on integrations/add (spec 001 §3 Selectable account).
import type { SelectableAccount } from '@maya/contracts';

/** A node of the tree; none of the providers Maya reads offers a thumbnail, so it has none by default. */
export function accountNode(
  node: Omit<SelectableAccount, 'metadata'>,
  thumbnailUrl: string | null = null,
): SelectableAccount {
  return { ...node, metadata: { thumbnail_url: thumbnailUrl } };
}
