/** Latin letters that canonical decomposition does not split (Øya, Łódź, Æ), folded by hand. */
const folded: Record<string, string> = { ø: 'o', ł: 'l', đ: 'd', ð: 'd', ı: 'i', æ: 'ae', œ: 'oe', ß: 'ss', þ: 'th' };

/** Combining marks (accents) once decomposed: the same ranges as the database function. */
// eslint-disable-next-line no-misleading-character-class -- the class lists combining marks on purpose, to remove them
const MARKS = /[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]/g;
/** "DJ", "D.J." or "dj-" at the start, followed by a separator. */
const DJ_PREFIX = /^\s*d\.?j\.?[^a-z0-9\u00c0-\uffff]+/;
/** ASCII punctuation and spaces, general and CJK punctuation, fullwidth punctuation. */
const SEPARATORS = /[^a-z0-9\u00c0-\uffff]|[\u2000-\u206f\u3000-\u303f\uff00-\uff0f]/g;

/**
 * The key that makes an artist unique: lowercase, accents removed, a leading "DJ" dropped, and
 * spaces and punctuation gone ('DJ Koze', 'dj koze' and 'Koze' are one artist; 'Øya' and 'Oya'
 * too). The database computes the same key with its function artist_name_key (migration
 * artist-name-key) for the unique index; this copy lets the admin's lineup preview tell new names
 * from known ones before saving. Letters outside Latin (Cyrillic, Japanese) are kept, so such
 * names never collapse to an empty key.
 */
export function artistNameKey(name: string): string {
  return name
    .normalize('NFD')
    .replace(MARKS, '')
    .toLowerCase()
    .replace(/[øłđðıæœßþ]/g, (c) => folded[c] ?? c)
    .replace(DJ_PREFIX, '')
    .replace(SEPARATORS, '');
}
