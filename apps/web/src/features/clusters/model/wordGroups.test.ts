import { describe, expect, it } from 'vitest';
import {
  addTerms,
  defaultNames,
  nameErrors,
  splitTerms,
  toWordGroupInputs,
  newWordGroup,
} from './wordGroups';

describe('word groups (spec 001 §5)', () => {
  it('splits pasted text on newlines and tabs, drops blanks and keeps each term once', () => {
    expect(splitTerms('acme\n\nAcme shoes\tacme\r\n  boots  \t\t')).toEqual(['acme', 'Acme shoes', 'boots']);
  });

  it('adds terms after the known ones, never one the list has in another case', () => {
    expect(addTerms(['Acme'], ['acme', 'boots', ' ', 'BOOTS'])).toEqual(['Acme', 'boots']);
  });

  it("marks every group whose name another has, case-insensitively: 'Duplicate Name'", () => {
    expect(
      nameErrors([
        { id: 'a', name: 'Brand' },
        { id: 'b', name: ' brand' },
        { id: 'c', name: 'Other' },
        { id: 'd', name: '' },
        { id: 'e', name: '' },
      ]),
    ).toEqual({
      a: 'Duplicate Name',
      b: 'Duplicate Name',
    });
  });

  it("names a group without a name 'Word group #n' by its place, past names already taken", () => {
    const names = defaultNames([
      { id: 'a', name: 'Word group #2' },
      { id: 'b', name: '' },
      { id: 'c', name: '  ' },
    ]);
    expect([...names]).toEqual([
      ['b', 'Word group #3'],
      ['c', 'Word group #4'],
    ]);
  });

  it('sends the default names and nothing of the screen state', () => {
    const group = { ...newWordGroup(), terms: ['x'] };
    const [sent] = toWordGroupInputs([group]);
    expect(sent).toEqual({ id: group.id, name: 'Word group #1', terms: ['x'], excludeTerms: [] });
  });
});
