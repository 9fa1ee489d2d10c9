import { openDatabase } from '#db/client';
import { loadDatabaseOptions } from './options';

const handle = await openDatabase(loadDatabaseOptions());
await handle.migrate();
console.log(`Migraciones aplicadas (${handle.driver}).`);
await handle.close();
