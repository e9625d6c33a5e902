import { pagespeedLimits, pagespeedMessages } from '@maya/contracts';
import { describe, expect, it } from 'vitest';
import { addRow, canSave, editRow, loadedState, removeRow, rowErrors, toSave } from './editor';

const saved = loadedState([
  { uuid: '00000000-0000-4000-8000-000000000001', url_link: 'https://a.example.com/' },
]);

describe('the PageSpeed URL editor', () => {
  it('starts saved, and any change clears the flag', () => {
    expect(saved.saved).toBe(true);
    expect(canSave(saved)).toBe(false);
    const edited = editRow(saved, saved.rows[0]!.uuid, 'https://b.example.com/');
    expect(edited.saved).toBe(false);
    expect(canSave(edited)).toBe(true);
    expect(removeRow(saved, saved.rows[0]!.uuid).saved).toBe(false);
  });

  it('names each problem once, on the row that has it', () => {
    let state = addRow(saved, '', 'u-2');
    state = addRow(state, 'ftp://a.example.com', 'u-3');
    state = addRow(state, 'https://A.example.com', 'u-4');
    state = addRow(state, 'not a url', 'u-5');
    expect(rowErrors(state)).toEqual([
      null,
      pagespeedMessages.emptyUrl,
      pagespeedMessages.invalidUrl,
      pagespeedMessages.duplicateUrl,
      pagespeedMessages.invalidUrl,
    ]);
    expect(canSave(state)).toBe(false);
  });

  it('stops adding at the limit', () => {
    let state = loadedState([]);
    for (let i = 0; i < pagespeedLimits.maxUrls + 3; i++) state = addRow(state, `https://x.example.com/${i}`);
    expect(state.rows).toHaveLength(pagespeedLimits.maxUrls);
    expect(canSave(state)).toBe(true);
  });

  it('sends the URLs trimmed', () => {
    const state = addRow(saved, '  https://c.example.com/  ', 'u-2');
    expect(toSave(state)[1]).toEqual({ uuid: 'u-2', url_link: 'https://c.example.com/' });
  });
});
