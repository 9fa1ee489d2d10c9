/**
 * A CSV file (RFC 4180) as rows of fields: fields separated by commas (or semicolons, which
 * spreadsheets in Spanish write, when the header has more of them), quoted fields with doubled
 * quotes, commas and line breaks inside, CRLF or LF line ends, a UTF-8 byte order mark ignored.
 * Twenty lines instead of a dependency (decision 093): the admins' bulk import is its only reader.
 */
export function parseCsv(text: string): string[][] {
  const source = text.replace(/^\uFEFF/, '');
  const firstLine = source.slice(0, source.search(/\r?\n|$/));
  const separator = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < source.length; i++) {
    const char = source[i];
    if (quoted) {
      if (char === '"' && source[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"' && field === '') quoted = true;
    else if (char === separator) {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && source[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += char;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((r) => r.some((f) => f.trim() !== ''));
}

/** The rows after the header as objects keyed by the header's names (trimmed, lower case). */
export function csvRecords(text: string): Record<string, string>[] {
  const [header, ...rows] = parseCsv(text);
  if (!header) return [];
  const keys = header.map((k) => k.trim().toLowerCase());
  return rows.map((row) => Object.fromEntries(keys.map((key, i) => [key, row[i]?.trim() ?? ''])));
}
