// The nodes of the account tree offered on integrations/add (spec 001 §3 Selectable account).
import type { SelectableAccount } from '@maya/contracts';

/**
 * A node of the tree; none of the providers Maya reads offers a thumbnail, so it has none by
 * default. `timeZone` is the account's zone as its provider reports it (IANA), kept with the
 * connected account: its days are that zone's (issue 30).
 */
export function accountNode(
  node: Omit<SelectableAccount, 'metadata'>,
  options: { thumbnailUrl?: string | null; timeZone?: string | null } = {},
): SelectableAccount {
  const metadata: SelectableAccount['metadata'] = { thumbnail_url: options.thumbnailUrl ?? null };
  if (options.timeZone) metadata.time_zone = options.timeZone;
  return { ...node, metadata };
}

/** An IANA zone name this runtime knows, or null (a provider's unknown or malformed zone). */
export function knownTimeZone(zone: string | null | undefined): string | null {
  if (!zone) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}
