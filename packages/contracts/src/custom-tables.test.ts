import { describe, expect, it } from 'vitest';
import { csvCell, detectDelimiter, headerNames } from './custom-tables';

describe('CSV helpers shared by the upload check and the server', () => {
  it('finds the delimiter the header uses most, outside quotes', () => {
    expect(detectDelimiter('a;b;c\n1,2;3')).toBe(';');
    expect(detectDelimiter('"a;b",c,d')).toBe(',');
    expect(detectDelimiter('a\tb\tc')).toBe('\t');
    expect(detectDelimiter('single')).toBe(',');
  });

  it('reads the header names, quoted or not, without a byte-order mark', () => {
    expect(headerNames('\uFEFForder_id, "user ""id""",created_at\r\n1,2,3')).toEqual([
      'order_id',
      'user "id"',
      'created_at',
    ]);
    expect(headerNames('')).toEqual([]);
    expect(headerNames('\n1,2')).toEqual([]);
  });

  it('neutralizes cells a spreadsheet would run as formulas, and quotes what needs it', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-2')).toBe("'-2");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('plain')).toBe('plain');
  });
});
