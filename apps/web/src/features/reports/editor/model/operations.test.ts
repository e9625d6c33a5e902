import type { CalculatedMeasure, ReportDocument, Visual } from '@maya/contracts';
import { describe, expect, it } from 'vitest';
import { testDocument } from '../../testFixtures';
import {
  addPage,
  addVisual,
  clampLayout,
  deleteMetric,
  deletePage,
  deleteVisual,
  duplicateVisual,
  metricUsers,
  movePage,
  moveVisual,
  placeVisual,
  renamePage,
  saveMetric,
  setPageHidden,
} from './operations';

const overview = (doc: ReportDocument) => doc.pages.find((p) => p.name === 'overview')!;
const layoutOf = (doc: ReportDocument, id: string) => overview(doc).visuals.find((v) => v.id === id)?.layout;
const kpi: Visual = {
  id: 'kpi-spend',
  kind: 'kpi',
  title: 'Spend',
  table: 'performance',
  layout: { x: 4, y: 0, w: 3, h: 2 },
  measure: 'spend',
  comparison: null,
};
const CPA: CalculatedMeasure = {
  table: 'performance',
  name: 'cpa_calc',
  label: 'CPA',
  formula: 'spend / conversions',
  format: 'currency',
};

describe('layouts', () => {
  it('keeps a layout inside the 12 columns', () => {
    expect(clampLayout({ x: 10, y: -1, w: 5, h: 0 })).toEqual({ x: 7, y: 0, w: 5, h: 1 });
    expect(clampLayout({ x: -3, y: 2.4, w: 20, h: 3 })).toEqual({ x: 0, y: 2, w: 12, h: 3 });
  });

  it('pushes the visuals a moved one covers down below it, in chain', () => {
    // The table (y 2..8) moved to the top covers both KPIs, which move below it.
    const moved = moveVisual(testDocument, 'overview', 'campaigns', { x: 0, y: 0, w: 12, h: 6 });
    expect(layoutOf(moved, 'campaigns')).toEqual({ x: 0, y: 0, w: 12, h: 6 });
    expect(layoutOf(moved, 'kpi-spend')).toEqual({ x: 0, y: 6, w: 3, h: 2 });
    expect(layoutOf(moved, 'kpi-cpa')).toEqual({ x: 3, y: 6, w: 3, h: 2 });
    // The document keeps its visuals' order.
    expect(overview(moved).visuals.map((v) => v.id)).toEqual(['kpi-spend', 'kpi-cpa', 'campaigns']);
  });

  it('moves nothing else when the new place is free', () => {
    const visuals = placeVisual(overview(testDocument).visuals, 'kpi-cpa', { x: 6, y: 0, w: 6, h: 2 });
    expect(visuals.map((v) => v.layout)).toEqual([
      { x: 0, y: 0, w: 3, h: 2 },
      { x: 6, y: 0, w: 6, h: 2 },
      { x: 0, y: 2, w: 12, h: 6 },
    ]);
  });
});

describe('visuals', () => {
  it('adds a visual at the bottom under a fresh id, duplicates and deletes it', () => {
    const added = addVisual(testDocument, 'overview', kpi);
    const copy = overview(added).visuals.at(-1)!;
    expect(copy.id).toBe('kpi-spend_2');
    expect(copy.layout).toEqual({ x: 0, y: 8, w: 3, h: 2 });
    const twice = duplicateVisual(added, 'overview', 'kpi-spend_2');
    expect(overview(twice).visuals.at(-1)).toMatchObject({ id: 'kpi-spend_2_copy', layout: { y: 10 } });
    const removed = deleteVisual(twice, 'overview', 'kpi-spend_2');
    expect(overview(removed).visuals.map((v) => v.id)).toEqual([
      'kpi-spend',
      'kpi-cpa',
      'campaigns',
      'kpi-spend_2_copy',
    ]);
  });
});

describe('pages', () => {
  it('adds a page under a unique key, renames, reorders, hides and deletes it', () => {
    const { doc, name } = addPage(testDocument, '  Overview ');
    expect(name).toBe('overview_2');
    expect(doc.pages.at(-1)).toEqual({
      name,
      display_name: 'Overview',
      visibility: 0,
      visuals: [],
      filters: [],
    });
    const renamed = renamePage(doc, name, 'Paid search');
    expect(renamePage(renamed, name, '   ')).toBe(renamed);
    const first = movePage(renamed, name, -5);
    expect(first.pages.map((p) => p.name)).toEqual([name, 'overview', 'internal']);
    expect(movePage(first, name, -1)).toBe(first);
    expect(setPageHidden(first, name, true).pages[0]?.visibility).toBe(1);
    expect(deletePage(first, name).pages.map((p) => p.name)).toEqual(['overview', 'internal']);
  });

  it('keeps the last page', () => {
    const one = { ...testDocument, pages: [overview(testDocument)] };
    expect(deletePage(one, 'overview')).toBe(one);
  });
});

describe('calculated metrics', () => {
  it('adds, edits in place, and deletes a metric no visual or metric reads', () => {
    const added = saveMetric(testDocument, CPA, null);
    const edited = saveMetric(added, { ...CPA, formula: 'spend / clicks' }, CPA);
    expect(edited.calculatedMeasures).toEqual([{ ...CPA, formula: 'spend / clicks' }]);
    expect(deleteMetric(edited, CPA).calculatedMeasures).toEqual([]);
  });

  it('refuses to delete a metric a visual or a later metric reads', () => {
    const withTable = addVisual(saveMetric(testDocument, CPA, null), 'overview', {
      ...kpi,
      id: 'cpa-kpi',
      title: 'CPA KPI',
      measure: 'cpa_calc',
    });
    expect(metricUsers(withTable, CPA)).toEqual(['CPA KPI']);
    expect(deleteMetric(withTable, CPA)).toBe(withTable);
    const chained = saveMetric(
      saveMetric(testDocument, CPA, null),
      { ...CPA, name: 'double', label: 'Double', formula: 'cpa_calc * 2' },
      null,
    );
    expect(metricUsers(chained, CPA)).toEqual(['Double']);
  });
});
