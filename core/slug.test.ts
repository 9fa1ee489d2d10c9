import { describe, expect, it } from 'vitest';
import { slugify, stripAccents } from './slug';

describe('slugify', () => {
  it.each([
    ['Sónar Festival 2025!', 'sonar-festival-2025'],
    ['Ñu & Co', 'nu-co'],
    ['Primavera Sound', 'primavera-sound'],
    ['UPPER Case', 'upper-case'],
    ['Crème Brûlée Über', 'creme-brulee-uber'],
    ['a   b___c...d', 'a-b-c-d'],
    ['  --Hello--World--  ', 'hello-world'],
    ['!Awakenings?', 'awakenings'],
    ["Dimensions d'été", 'dimensions-d-ete'],
    ['Øya Festival', 'oya-festival'],
    ['Łódź Summer Festival', 'lodz-summer-festival'],
    ['Straße Æther', 'strasse-aether'],
    ['Festival 2026', 'festival-2026'],
    ['', ''],
    ['!!!', ''],
  ])('%j -> %j', (name, slug) => {
    expect(slugify(name)).toBe(slug);
  });

  it('is idempotent', () => {
    const once = slugify('Sónar Festival 2025!');
    expect(slugify(once)).toBe(once);
  });
});

describe('stripAccents', () => {
  it.each([
    ['Sónar', 'Sonar'],
    ['ÁÉÍÓÚÜÑ áéíóúüñ', 'AEIOUUN aeiouun'],
    ['Øya Łódź', 'Oya Lodz'],
    ['plain text, 123', 'plain text, 123'],
  ])('%j -> %j', (input, output) => {
    expect(stripAccents(input)).toBe(output);
  });
});
