import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { csvSafeCell, toCsv } from './csvExport';

describe('CSV exports never hand a spreadsheet a formula', () => {
  it.each(['=HYPERLINK("http://evil.example","open")', '+1+1', '-2+3', '@SUM(A1)', '\tx', '\rx'])(
    'writes the text cell %j with a leading apostrophe',
    (cell) => {
      expect(csvSafeCell(cell)).toBe(`'${cell}`);
    },
  );

  it('keeps ordinary text and numbers (a negative number is a value, not a formula)', () => {
    expect(csvSafeCell('Aegean Star')).toBe('Aegean Star');
    expect(csvSafeCell('a=b')).toBe('a=b');
    expect(csvSafeCell(-5)).toBe(-5);
    expect(csvSafeCell(null)).toBe('');
  });

  it('reads back, through a CSV parser, as the escaped text in its own cell', () => {
    const csv = toCsv([
      ['Vessel', 'Count'],
      ['=HYPERLINK("http://evil.example","open")', 3],
      ['Plain, with comma', -1],
    ]);
    const { data } = Papa.parse<string[]>(csv);
    expect(data).toEqual([
      ['Vessel', 'Count'],
      ['\'=HYPERLINK("http://evil.example","open")', '3'],
      ['Plain, with comma', '-1'],
    ]);
  });
});
