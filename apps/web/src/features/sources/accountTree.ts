import { overlappedProperties, type SelectableAccount } from '@maya/contracts';

export type AccountNode = { account: SelectableAccount; children: AccountNode[] };
export type AccountRow = { node: AccountNode; depth: number };

/** The selectable accounts as a forest: a node whose parent is not in the list is a root. */
export function buildAccountTree(accounts: readonly SelectableAccount[]): AccountNode[] {
  const nodes = new Map<string, AccountNode>();
  for (const account of accounts) nodes.set(account.identifier, { account, children: [] });
  const roots: AccountNode[] = [];
  for (const node of nodes.values()) {
    const parentId = node.account.parent_id;
    const parent =
      parentId === null || parentId === node.account.identifier ? undefined : nodes.get(parentId);
    if (parent === undefined) roots.push(node);
    else parent.children.push(node);
  }
  return roots;
}

/** The rows a table shows: every root, and the children of expanded nodes, depth first. */
export function visibleRows(roots: readonly AccountNode[], expanded: ReadonlySet<string>): AccountRow[] {
  const rows: AccountRow[] = [];
  const visit = (node: AccountNode, depth: number, seen: Set<string>) => {
    if (seen.has(node.account.identifier)) return;
    seen.add(node.account.identifier);
    rows.push({ node, depth });
    if (expanded.has(node.account.identifier)) {
      for (const child of node.children) visit(child, depth + 1, seen);
    }
  };
  const seen = new Set<string>();
  for (const root of roots) visit(root, 0, seen);
  return rows;
}

/** Identifiers of the nodes that have children (all start expanded). */
export function parentIds(accounts: readonly SelectableAccount[]): Set<string> {
  const ids = new Set(accounts.map((account) => account.identifier));
  return new Set(
    accounts.flatMap((account) =>
      account.parent_id !== null && ids.has(account.parent_id) ? [account.parent_id] : [],
    ),
  );
}

export const SEARCH_CONSOLE_ID = 'google_search_console';

/**
 * The accounts that cannot be chosen with the current selection (spec 001 §5): for Search
 * Console, URL-prefix properties covered by a selected domain property.
 */
export function disabledAccounts(
  serviceId: string,
  selected: ReadonlySet<string>,
  accounts: readonly SelectableAccount[],
): Set<string> {
  if (serviceId !== SEARCH_CONSOLE_ID) return new Set();
  return overlappedProperties(
    [...selected],
    accounts.map((account) => account.identifier),
  );
}

/** Toggles an account, then deselects whatever the new selection makes unavailable. */
export function toggleAccount(
  serviceId: string,
  selected: ReadonlySet<string>,
  identifier: string,
  accounts: readonly SelectableAccount[],
): Set<string> {
  const next = new Set(selected);
  if (next.has(identifier)) next.delete(identifier);
  else next.add(identifier);
  for (const id of disabledAccounts(serviceId, next, accounts)) next.delete(id);
  return next;
}
