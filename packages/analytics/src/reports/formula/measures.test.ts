// A report document's calculated metrics: measures of its model for that report alone, checked
// with the document, compiled with the money their measures carry, refused with a message that
// names the metric and where its formula fails.
import { ReportDocumentSchema, type CalculatedMeasure, type ReportDocument } from '@maya/contracts';
import { describe, expect, it } from 'vitest';
import { performanceQuery } from '../../../test/report-fixture';
import { MAYA_REPORT } from '../builtin-reports';
import { MARKETING_SEMANTIC_MODEL } from '../builtin-models';
import { compileReportQuery } from '../compile-query';
import { checkReportDocument } from '../report-document';
import { ReportQueryError, semanticTable } from '../semantic-model';
import { withCalculatedMeasures } from './measures';

const calc = (over: Partial<CalculatedMeasure> = {}): CalculatedMeasure => ({
  table: 'performance',
  name: 'profit',
  label: 'Profit',
  formula: 'conversion_value - spend',
  format: 'currency',
  ...over,
});

/** -maya with the calculated metrics and a table of campaigns showing the last one. */
function documentWith(calcs: CalculatedMeasure[]): ReportDocument {
  const [first, ...rest] = MAYA_REPORT.pages;
  const table = {
    id: 'profit_table',
    title: 'Profit by campaign',
    table: 'performance',
    layout: { x: 0, y: 90, w: 12, h: 4 },
    kind: 'table' as const,
    dimensions: [{ name: 'campaign', grain: null }],
    measures: ['spend', calcs.at(-1)?.name ?? 'spend'],
    sort: [],
    limit: null,
    totals: true,
  };
  return {
    ...MAYA_REPORT,
    calculatedMeasures: calcs,
    pages: [{ ...first!, visuals: [...first!.visuals, table] }, ...rest],
  };
}

function refusal(doc: ReportDocument, model = MARKETING_SEMANTIC_MODEL): string {
  try {
    checkReportDocument(model, doc);
  } catch (error) {
    expect(error).toBeInstanceOf(ReportQueryError);
    expect((error as ReportQueryError).type).toBe('invalid_report_query');
    return (error as ReportQueryError).message;
  }
  throw new Error('the document was accepted');
}

describe('calculated metrics of a report document', () => {
  it('are measures a visual can show, the built-in model unchanged', () => {
    const doc = documentWith([
      calc(),
      calc({ name: 'profit_per_click', label: 'Profit per click', formula: 'profit / clicks' }),
    ]);
    expect(() => checkReportDocument(MARKETING_SEMANTIC_MODEL, doc)).not.toThrow();
    const model = withCalculatedMeasures(MARKETING_SEMANTIC_MODEL, doc);
    expect(semanticTable(model, 'performance').measures.map((m) => m.name)).toContain('profit_per_click');
    expect(semanticTable(MARKETING_SEMANTIC_MODEL, 'performance').measures.map((m) => m.name)).not.toContain(
      'profit',
    );
    expect(withCalculatedMeasures(MARKETING_SEMANTIC_MODEL, MAYA_REPORT)).toBe(MARKETING_SEMANTIC_MODEL);
    // Saved again from the report as opened (save as): the metrics are found as they were.
    expect(() => checkReportDocument(model, doc)).not.toThrow();
    expect(refusal({ ...doc, calculatedMeasures: [calc({ formula: 'spend * 2' })] }, model)).toBe(
      'calculated metric "Profit": Marketing performance already has a field named profit',
    );
  });

  it('compile with division by zero as NULL and money converted as its measures are', () => {
    const model = withCalculatedMeasures(
      MARKETING_SEMANTIC_MODEL,
      documentWith([
        calc({ name: 'cost_per_order', label: 'Cost per order', formula: 'spend / (conversions - 0)' }),
      ]),
    );
    const { sql, params } = compileReportQuery(
      model,
      performanceQuery({ measures: ['cost_per_order'] }),
      'postgres',
      {
        now: new Date('2024-05-15T00:00:00Z'),
        money: { currency: 'EUR', rates: true },
      },
    );
    expect(sql).toContain('NULLIF(');
    expect(sql).toContain('maya_fx_factor');
    expect(params[0]).toBe('EUR');
  });

  it('are refused with the metric named and the place in its formula', () => {
    expect(refusal(documentWith([calc({ formula: 'spend /' })]))).toBe(
      'calculated metric "Profit": Expected a measure, a number or "(", found the end of the formula (at character 8)',
    );
    expect(refusal(documentWith([calc({ formula: 'spend * revenue' })]))).toBe(
      'calculated metric "Profit": Marketing performance has no measure "revenue" (at character 9)',
    );
    expect(refusal(documentWith([calc({ formula: 'spend / campaign' })]))).toBe(
      'calculated metric "Profit": "campaign" is a dimension; a formula reads measures (at character 9)',
    );
    expect(refusal(documentWith([calc({ name: 'clicks' })]))).toBe(
      'calculated metric "Profit": Marketing performance already has a field named clicks',
    );
    // A later metric may read an earlier one, never the reverse: no cycle can be written.
    expect(
      refusal(
        documentWith([
          calc({ formula: 'margin * 2' }),
          calc({ name: 'margin', label: 'Margin', formula: 'profit' }),
        ]),
      ),
    ).toBe('calculated metric "Profit": Marketing performance has no measure "margin" (at character 1)');
  });

  it('a visual naming a metric the document lacks is an unknown field', () => {
    const doc = documentWith([calc()]);
    const broken = { ...doc, calculatedMeasures: [] };
    expect(() => checkReportDocument(MARKETING_SEMANTIC_MODEL, broken)).toThrow(/no measure "profit"/);
  });

  it('two metrics of one name on one table are refused by the schema', () => {
    const parsed = ReportDocumentSchema.safeParse(documentWith([calc(), calc({ label: 'Again' })]));
    expect(parsed.success).toBe(false);
    expect(JSON.stringify(parsed.error?.issues)).toContain('duplicate calculated metric performance.profit');
  });
});
