import { openDatabase } from '../client';
import { seedIfEmpty } from '../seed/seed';
import { loadDatabaseOptions } from './options';

const handle = await openDatabase(loadDatabaseOptions());
await handle.migrate();
const inserted = await seedIfEmpty(handle.db);
console.log(inserted ? `Catálogo sembrado con ${inserted} festivales.` : 'La base de datos ya tenía festivales: no se ha sembrado nada.');
await handle.close();
