/**
 * npm run media:reprocess: makes the resized copies and placeholder of every stored photo that has
 * none yet (photos stored before confirm made them), and stores again without metadata any
 * original that still carries some. Safe to run again: photos with copies are skipped.
 * Uses the same configuration as the server (DATABASE_URL or the embedded database, S3_BUCKET or
 * DATA_DIR/uploads).
 */
import { databaseHandle } from '../functions/lib/db';
import { reprocessStoredPhotos } from '../functions/lib/media-reprocess';

const handle = await databaseHandle();
await handle.migrate();
const result = await reprocessStoredPhotos(handle.db, (line) => console.log(line));
console.log(
  `Fotos procesadas: ${result.processed}; originales limpiados de metadatos: ${result.cleaned}; ` +
    `sin archivo: ${result.missing.length}; fallidas: ${result.failed.length}.`,
);
await handle.close();
process.exitCode = result.failed.length ? 1 : 0;
