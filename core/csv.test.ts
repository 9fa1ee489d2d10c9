import { describe, expect, it } from 'vitest';
import { csvRecords, parseCsv } from './csv';

describe('parseCsv', () => {
  it('reads quoted fields with commas, doubled quotes and line breaks, CRLF and a byte order mark', () => {
    const text = '\uFEFFname,description\r\n"Sónar, Barcelona","Dice ""hola""\nen dos líneas"\r\nDGTL,Simple\n\n';
    expect(parseCsv(text)).toEqual([
      ['name', 'description'],
      ['Sónar, Barcelona', 'Dice "hola"\nen dos líneas'],
      ['DGTL', 'Simple'],
    ]);
  });

  it('reads the semicolons Spanish spreadsheets write, and keys rows by the header', () => {
    expect(csvRecords('Name;Location;Country\nMonegros;Fraga;España\n')).toEqual([
      { name: 'Monegros', location: 'Fraga', country: 'España' },
    ]);
  });
});
