import { z } from './zod';

/**
 * The filters 'Antes de ir' and accessibility give the lists: one name each in the web's address
 * (`?facilidades=silla-de-ruedas,comida`) and the query parameters of GET /api/festivals/page.
 * Applied by the server to the current edition's facts; an unknown fact never matches.
 */
export const factFilters = {
  food: { label: 'Se puede entrar con comida', slug: 'comida' },
  sealedFood: { label: 'Comida precintada o libre', slug: 'comida-precintada' },
  freeWater: { label: 'Agua gratis', slug: 'agua-gratis' },
  allAges: { label: 'Todas las edades', slug: 'todas-las-edades' },
  minorsWithGuardian: { label: 'Menores acompañados', slug: 'menores-acompanados' },
  wheelchair: { label: 'Accesible en silla de ruedas', slug: 'silla-de-ruedas' },
  freeCompanion: { label: 'Acompañante gratis', slug: 'acompanante-gratis' },
  signLanguage: { label: 'Intérprete de LSE', slug: 'lse' },
  campingIncluded: { label: 'Camping incluido', slug: 'camping-incluido' },
  cashOk: { label: 'Sin cashless obligatorio', slug: 'sin-cashless' },
} as const;
export type FactFilter = keyof typeof factFilters;
export const factFilterKeys = Object.keys(factFilters) as FactFilter[];

const flag = (name: string) =>
  z
    .enum(['true', 'false'], { error: `${name} debe ser 'true' o 'false'.` })
    .optional()
    .transform((v) => v === 'true');

/** The query parameters, as the API documents them (GET /api/festivals/page). */
export const factFilterQueryShape = {
  food: z.enum(['allowed', 'sealed_only'], { error: "food debe ser 'allowed' o 'sealed_only'." }).optional(),
  freeWater: flag('freeWater'),
  allAges: flag('allAges'),
  minorsWithGuardian: flag('minorsWithGuardian'),
  wheelchair: flag('wheelchair'),
  freeCompanion: flag('freeCompanion'),
  signLanguage: flag('signLanguage'),
  camping: z.enum(['included'], { error: "camping debe ser 'included'." }).optional(),
  cashOk: flag('cashOk'),
};
export type FactFilterQuery = { [K in keyof typeof factFilterQueryShape]?: z.output<(typeof factFilterQueryShape)[K]> };

/** The facts a query asks for, in the web's names (none: the query uses no fact filter). */
export function factsOfQuery(q: FactFilterQuery): FactFilter[] {
  const facts: FactFilter[] = [];
  if (q.food === 'allowed') facts.push('food');
  if (q.food === 'sealed_only') facts.push('sealedFood');
  if (q.freeWater) facts.push('freeWater');
  if (q.allAges) facts.push('allAges');
  if (q.minorsWithGuardian) facts.push('minorsWithGuardian');
  if (q.wheelchair) facts.push('wheelchair');
  if (q.freeCompanion) facts.push('freeCompanion');
  if (q.signLanguage) facts.push('signLanguage');
  if (q.camping === 'included') facts.push('campingIncluded');
  if (q.cashOk) facts.push('cashOk');
  return facts;
}

/** The query parameters for the facts the web asks for, in one fixed order (one URL per list). */
export function factQueryParams(facts: readonly FactFilter[]): [string, string][] {
  const has = (f: FactFilter) => facts.includes(f);
  const params: [string, string][] = [];
  if (has('food')) params.push(['food', 'allowed']);
  else if (has('sealedFood')) params.push(['food', 'sealed_only']);
  for (const key of [
    'freeWater',
    'allAges',
    'minorsWithGuardian',
    'wheelchair',
    'freeCompanion',
    'signLanguage',
  ] as const)
    if (has(key)) params.push([key, 'true']);
  if (has('campingIncluded')) params.push(['camping', 'included']);
  if (has('cashOk')) params.push(['cashOk', 'true']);
  return params;
}
