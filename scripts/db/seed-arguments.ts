import { parseArgs } from 'node:util';
import type { CatalogueOptions } from '#db/seed/generate-catalogue';

/** `npm run db:seed` alone seeds the real catalogue; any size flag generates one instead. */
export type SeedCommand = { kind: 'real' } | { kind: 'generated'; options: CatalogueOptions } | { kind: 'help' };

export const seedUsage = `Uso: npm run db:seed -- [opciones]

Sin opciones siembra los 71 festivales reales si la base de datos no tiene ninguno.
Con cualquiera de estas opciones genera un catálogo de prueba (la base de datos debe estar sin festivales):
  --festivals N   festivales aprobados (10000 por defecto)
  --comments N    comentarios con valoración (50 por festival por defecto)
  --votes N       votos a fotos de la galería (200 por festival por defecto)
  --media N       fotos de la galería (4 por festival por defecto)
  --users N       personas que comentan y votan (por defecto, las necesarias)
  --seed N        semilla: la misma semilla y el mismo día dan el mismo catálogo (1 por defecto)
  --today AAAA-MM-DD  día de referencia: las fechas van de un año antes a un año después (hoy por defecto)`;

export class SeedArgumentsError extends Error {}

const integerFlags = ['festivals', 'comments', 'votes', 'media', 'users', 'seed'] as const;

export function parseSeedArguments(argv: string[]): SeedCommand {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        ...Object.fromEntries(integerFlags.map((flag) => [flag, { type: 'string' as const }])),
        today: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    throw new SeedArgumentsError(`Opción no reconocida o sin valor (${(error as Error).message}).\n\n${seedUsage}`);
  }
  if (values.help) return { kind: 'help' };
  const options: CatalogueOptions = {};
  for (const flag of integerFlags) {
    const raw = values[flag];
    if (typeof raw !== 'string') continue;
    if (!/^\d+$/.test(raw.replaceAll('_', '')))
      throw new SeedArgumentsError(`--${flag} debe ser un número entero (recibido: ${raw}).`);
    options[flag] = Number(raw.replaceAll('_', ''));
  }
  if (typeof values.today === 'string') options.today = values.today;
  return Object.keys(options).length ? { kind: 'generated', options } : { kind: 'real' };
}
