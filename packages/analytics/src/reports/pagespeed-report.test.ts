import { ReportDocumentSchema } from '@maya/contracts';
import { describe, expect, it } from 'vitest';
import { pagespeedReport, pagespeedSemanticModel } from './pagespeed-report';
import { checkReportDocument } from './report-document';

describe('the PageSpeed report', () => {
  const model = pagespeedSemanticModel('raw');
  const report = pagespeedReport(model);

  it('is a valid document that names only its model’s fields', () => {
    expect(() => ReportDocumentSchema.parse(report)).not.toThrow();
    expect(() => checkReportDocument(model, report)).not.toThrow();
    expect(report.slug).toBe('-pagespeed');
  });

  it('draws each vital with Google’s good and poor lines on one axis (three series)', () => {
    const visuals = report.pages[0]?.visuals ?? [];
    const measures = (id: string) => {
      const visual = visuals.find((v) => v.id === id);
      return visual !== undefined && 'measures' in visual ? visual.measures : [];
    };
    expect(measures('lcp')).toEqual(['lcp_s', 'lcp_good', 'lcp_poor']);
    expect(measures('inp')).toEqual(['inp_ms', 'inp_good', 'inp_poor']);
    expect(measures('cls')).toEqual(['cls', 'cls_good', 'cls_poor']);
    const table = model.tables[0];
    const good = table?.measures.find((m) => m.name === 'lcp_good');
    expect(good).toMatchObject({ aggregation: 'max', sql: { expression: '2.5' } });
  });

  it('lists the URLs with the most search clicks first', () => {
    const urls = report.pages[0]?.visuals.find((v) => v.id === 'urls');
    expect(urls).toMatchObject({ kind: 'table', sort: [{ field: 'search_clicks', direction: 'desc' }] });
  });
});
