import { openDatabase } from '#db/client';
import {
  CatalogueNotEmptyError,
  CatalogueOptionsError,
  generateCatalogue,
  resolveCatalogueSizes,
} from '#db/seed/generate-catalogue';
import { seedIfEmpty } from '../../functions/lib/seed-catalogue';
import { loadDatabaseOptions } from './options';
import { parseSeedArguments, SeedArgumentsError, seedUsage, type SeedCommand } from './seed-arguments';

const fail = (message: string): never => {
  console.error(message);
  process.exit(1);
};

let command: SeedCommand = { kind: 'real' };
try {
  command = parseSeedArguments(process.argv.slice(2));
  if (command.kind === 'generated') resolveCatalogueSizes(command.options);
} catch (error) {
  if (error instanceof SeedArgumentsError || error instanceof CatalogueOptionsError) fail(error.message);
  throw error;
}
if (command.kind === 'help') {
  console.log(seedUsage);
  process.exit(0);
}

// Generating a catalogue runs statements of tens of seconds on a busy machine (two million votes in
// one insert): the server's statement timeout would cancel them.
const handle = await openDatabase({
  ...loadDatabaseOptions(),
  ...(command.kind === 'generated' ? { statementTimeoutMs: 0 } : {}),
});
await handle.migrate();
if (command.kind === 'real') {
  const inserted = await seedIfEmpty(handle.db);
  console.log(
    inserted
      ? `Catálogo sembrado con ${inserted} festivales.`
      : 'La base de datos ya tenía festivales: no se ha sembrado nada.',
  );
} else {
  const es = (n: number) => n.toLocaleString('es-ES');
  try {
    const result = await generateCatalogue(handle.db, command.options, (step, seconds) =>
      console.log(`  ${step}: ${seconds.toFixed(1)} s`),
    );
    console.log(
      `Catálogo generado en ${result.seconds.toFixed(1)} s (${handle.driver}): ${es(result.festivals)} festivales, ${es(result.users)} usuarios, ` +
        `${es(result.comments)} comentarios, ${es(result.media)} fotos y ${es(result.votes)} votos (semilla ${result.seed}, día ${result.today}).`,
    );
  } catch (error) {
    await handle.close();
    if (error instanceof CatalogueNotEmptyError || error instanceof CatalogueOptionsError) fail(error.message);
    throw error;
  }
}
await handle.close();
