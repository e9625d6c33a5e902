import { describe, expect, it } from 'vitest';
import { buildAccountTree, disabledAccounts, parentIds, toggleAccount, visibleRows } from './accountTree';
import { selectable } from './test/sourcesFixtures';

const manager = selectable('100', 'Manager', { selectable: false });
const child = selectable('101', 'Child', { parent_id: '100' });
const grandchild = selectable('102', 'Grandchild', { parent_id: '101' });
const orphan = selectable('200', 'Orphan', { parent_id: 'missing' });

describe('account tree', () => {
  it('nests accounts under their parents; an unknown parent makes a root', () => {
    const roots = buildAccountTree([grandchild, child, manager, orphan]);
    expect(roots.map((node) => node.account.identifier)).toEqual(['100', '200']);
    expect(roots[0]?.children[0]?.children[0]?.account.identifier).toBe('102');
    expect([...parentIds([manager, child, grandchild, orphan])].sort()).toEqual(['100', '101']);
  });

  it('shows the children of expanded nodes only, with their depth', () => {
    const roots = buildAccountTree([manager, child, grandchild]);
    expect(visibleRows(roots, new Set()).map((row) => row.node.account.identifier)).toEqual(['100']);
    expect(
      visibleRows(roots, new Set(['100', '101'])).map((row) => [row.node.account.identifier, row.depth]),
    ).toEqual([
      ['100', 0],
      ['101', 1],
      ['102', 2],
    ]);
  });
});

describe('search console overlap (spec 001 §5)', () => {
  const domain = selectable('sc-domain:example.com', 'example.com');
  const prefix = selectable('https://www.example.com/', 'www.example.com');
  const other = selectable('https://other.org/', 'other.org');
  const all = [domain, prefix, other];

  it('choosing a domain property deselects and disables the URL-prefix properties it covers', () => {
    let selected = toggleAccount('google_search_console', new Set(), prefix.identifier, all);
    expect([...selected]).toEqual([prefix.identifier]);
    selected = toggleAccount('google_search_console', selected, domain.identifier, all);
    expect([...selected]).toEqual([domain.identifier]);
    expect([...disabledAccounts('google_search_console', selected, all)]).toEqual([prefix.identifier]);
  });

  it('applies to Search Console only', () => {
    const selected = new Set([domain.identifier, prefix.identifier]);
    expect(disabledAccounts('google_ads', selected, all).size).toBe(0);
    expect(toggleAccount('google_ads', selected, other.identifier, all).size).toBe(3);
  });
});
