import { insertFestival, type FestivalInsert } from '../../functions/lib/domain/festivals/festival-row-writes';
import { commentsTable, contactMessagesTable, mediaReportsTable, mediaTable, mediaVotesTable } from '#db/schema';
import { written } from '../../functions/lib/cache/written';
import { db } from './api';

let counter = 0;

/**
 * Rows written straight to the database, behind the API's back: announced as the domain's write
 * functions announce theirs, so the next read shows them (a test of what another process writes
 * waits for the freshness bound instead).
 */
export function writtenBehindTheApi(): void {
  for (const aggregate of ['festival', 'edition', 'artist', 'comment', 'media', 'favorite', 'plan'] as const)
    written(aggregate);
}

/** Inserts an approved festival straight into the database; returns its id. */
export async function createFestival(
  values: Partial<FestivalInsert> = {},
  genres: string[] = ['Techno'],
): Promise<number> {
  counter += 1;
  const id = await db().transaction((tx) =>
    insertFestival(
      tx,
      {
        name: `Festival de prueba ${counter} ${Date.now()}`,
        location: 'Madrid, España',
        description: 'Un festival de **prueba**.',
        startDate: '2030-07-10',
        endDate: '2030-07-12',
        status: 'approved',
        latitude: 40.4,
        longitude: -3.7,
        ...values,
      },
      genres,
    ),
  );
  writtenBehindTheApi();
  return id;
}

/** Inserts a comment, pending as the API stores it unless told otherwise; only approved ones count in ratings. */
export async function addComment(
  festivalId: number,
  userId: number,
  rating: number,
  content = 'Muy bueno',
  status: 'pending' | 'approved' = 'pending',
) {
  const [row] = await db().insert(commentsTable).values({ festivalId, userId, rating, content, status }).returning();
  writtenBehindTheApi();
  return row;
}

/** Inserts a media report; `userId` null for an anonymous reporter. */
export async function addReport(
  mediaId: number,
  userId: number | null,
  reason = 'Spam/publicidad',
  details: string | null = null,
) {
  const [row] = await db().insert(mediaReportsTable).values({ mediaId, userId, reason, details }).returning();
  return row;
}

export async function addContactMessage(values: Partial<typeof contactMessagesTable.$inferInsert> = {}) {
  const [row] = await db()
    .insert(contactMessagesTable)
    .values({
      name: 'Lucía',
      email: 'lucia@example.com',
      subject: 'Consulta',
      category: 'general',
      message: 'Hola, ¿tenéis más festivales?',
      ...values,
    })
    .returning();
  return row;
}

/** Inserts a gallery item (approved unless told otherwise); returns the row. */
export async function addMedia(
  festivalId: number,
  userId: number | null,
  values: Partial<typeof mediaTable.$inferInsert> = {},
) {
  const [row] = await db()
    .insert(mediaTable)
    .values({
      festivalId,
      userId,
      url: `https://img.example.com/${festivalId}/${Date.now()}-${Math.random()}.jpg`,
      status: 'approved',
      ...values,
    })
    .returning();
  writtenBehindTheApi();
  return row;
}

export async function addVote(mediaId: number, userId: number, rating: number) {
  await db().insert(mediaVotesTable).values({ mediaId, userId, rating });
  writtenBehindTheApi();
}

// 2x2 images as sharp writes them (no metadata): they decode, so confirm can re-encode them.
const tinyImages = {
  png: 'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEElEQVQI12M4IWcDRAwQCgAh9gSJ1exUdAAAAABJRU5ErkJggg==',
  jpeg:
    '/9j/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/' +
    '2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/' +
    'wAARCAACAAIDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAb/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/' +
    '8QAFQEBAQAAAAAAAAAAAAAAAAAABQf/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCEAHq+/9k=',
  webp: 'UklGRjgAAABXRUJQVlA4ICwAAACQAQCdASoCAAIAAUAmJaACdLoAA5gA/vD6K67xaUa/+8Z//cZ//cZ/7uAAAA==',
  gif: 'R0lGODlhAgACAIAAAExpccgePCH5BAUAAAAALAAAAAACAAIAAAICjFMAOw==',
};

/**
 * A real image of that type padded to `size` bytes with trailing spaces, which decoders ignore
 * (so it passes the size checks, the magic bytes and the re-encoding); 'text' is not an image.
 * Shorter than the image itself, it is cut (only useful to test the size limits).
 */
export function imageBytes(type: 'png' | 'jpeg' | 'gif' | 'webp' | 'text', size = 2048): Uint8Array {
  const head = type === 'text' ? Buffer.from('<html>hola</html>') : Buffer.from(tinyImages[type], 'base64');
  const bytes = new Uint8Array(size).fill(0x20);
  bytes.set(head.subarray(0, size));
  return bytes;
}
