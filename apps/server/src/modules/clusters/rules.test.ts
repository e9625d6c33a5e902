// The pure rules of the clusters module: warehouse names of new columns, word-group terms as
// stored, and rules left when word groups they read are deleted.
import { describe, expect, it } from 'vitest';
import { freeDbName } from './db-names';
import { cleanTerms, withoutReferences } from './word-groups';

describe('freeDbName', () => {
  it('is cluster_ and the name in lower-case ASCII words, numbered when taken', () => {
    expect(freeDbName('Funnel Stage!', new Set())).toBe('cluster_funnel_stage');
    expect(freeDbName('  Über-Größe  ', new Set())).toBe('cluster_uber_grosse');
    expect(freeDbName('Κατηγορία', new Set())).toBe('cluster_column');
    expect(freeDbName('A', new Set(['cluster_a', 'cluster_a_2']))).toBe('cluster_a_3');
    const long = freeDbName('x'.repeat(100), new Set());
    expect(long).toBe(`cluster_${'x'.repeat(40)}`);
    expect(long).toMatch(/^[a-z_][a-z0-9_]*$/);
  });
});

describe('cleanTerms', () => {
  it('trims, drops blanks, and keeps each term once whatever its case, in order', () => {
    expect(cleanTerms([' Nike ', '', 'nike', '  ', 'Adidas', 'NIKE', 'adidas '])).toEqual(['Nike', 'Adidas']);
  });
});

describe('withoutReferences', () => {
  const group = 'b4a7d000-0000-4000-8000-00000000abcd';
  it('drops the rules reading the groups, and the new first rule loses its condition', () => {
    const ruleSets = [
      {
        id: 'a',
        name: 'A',
        rules: [
          { field: 'f', operator: 'matches_wordgroup' as const, value: group },
          { field: 'f', operator: 'contains' as const, value: group, condition: 'or' as const },
          {
            field: 'g',
            operator: 'not_matches_wordgroup' as const,
            value: 'other',
            condition: 'and' as const,
          },
        ],
      },
      {
        id: 'b',
        name: 'B',
        rules: [{ field: 'f', operator: 'not_matches_wordgroup' as const, value: group }],
      },
    ];
    expect(withoutReferences(ruleSets, new Set([group]))).toEqual([
      {
        id: 'a',
        name: 'A',
        rules: [
          // A plain text rule whose value happens to be the id is not a reference.
          { field: 'f', operator: 'contains', value: group },
          { field: 'g', operator: 'not_matches_wordgroup', value: 'other', condition: 'and' },
        ],
      },
      { id: 'b', name: 'B', rules: [] },
    ]);
  });
});
