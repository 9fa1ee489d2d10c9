// Latin letters that NFD does not decompose (Øya, Łódź, Æ): folded by hand so they do
// not vanish from slugs or searches.
const unDecomposable: Record<string, string> = {
  ø: 'o',
  Ø: 'O',
  ł: 'l',
  Ł: 'L',
  đ: 'd',
  Đ: 'D',
  ð: 'd',
  Ð: 'D',
  ı: 'i',
  æ: 'ae',
  Æ: 'AE',
  œ: 'oe',
  Œ: 'OE',
  ß: 'ss',
  þ: 'th',
  Þ: 'TH',
};

/** Removes accents and other diacritics, keeping case: 'Sónar' -> 'Sonar', 'Øya' -> 'Oya'. */
export function stripAccents(s: string): string {
  return s
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/[øØłŁđĐðÐıæÆœŒßþÞ]/g, (c) => unDecomposable[c] ?? c);
}

/** The slug in festival URLs: lowercase, accents removed, non-alphanumerics to hyphens, trimmed. */
export function slugify(name: string): string {
  return stripAccents(name.toLowerCase())
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
