import { sql } from 'drizzle-orm';
import { csvRecords } from '#core/csv';
import { adminFestivalSchema, type AdminFestival } from '#core/festival-schemas';
import { normalizeText } from '#core/festival-filters';
import { MAX_BULK_ROWS, type BulkImportResult } from '#core/import-schemas';
import type { Database } from '#db/client';
import type { AuthUser } from '../../app-env';
import { AppError, badRequest, tooLarge } from '../../errors';
import { createFestival, createFestivalsInBulk } from '../festivals/write-festivals';
import { sqlRows } from '../sql-rows';

/** How alike two festival names must be (pg_trgm's similarity, 0 to 1) to be taken for one. */
export const NAME_SIMILARITY = 0.5;
/** How far apart two places may be and still be one festival's. */
export const DUPLICATE_RADIUS_KM = 50;
/** Festivals created per transaction (each row's triggers write its edition: a statement of 100 stays well under the timeout). */
const CREATE_CHUNK = 100;
/** Rows compared with the stored festivals per statement. */
const TWIN_SLICE = 250;

type Raw = Record<string, unknown>;

/** The file's rows: a CSV with a header line, or a JSON array of objects. */
export function bulkRows(body: string, contentType: string | undefined): Raw[] {
  const type = (contentType ?? '').split(';')[0].trim().toLowerCase();
  let rows: unknown;
  if (type === 'text/csv' || type === 'application/csv') rows = csvRecords(body);
  else {
    try {
      rows = JSON.parse(body);
    } catch {
      throw badRequest('El archivo no es JSON válido ni CSV (envía text/csv o application/json).', 'invalid_file');
    }
  }
  if (!Array.isArray(rows) || rows.some((r) => typeof r !== 'object' || r === null || Array.isArray(r)))
    throw badRequest('El JSON debe ser una lista de festivales (objetos).', 'invalid_file');
  if (rows.length === 0) throw badRequest('El archivo no tiene ningún festival.', 'empty_file');
  if (rows.length > MAX_BULK_ROWS)
    throw tooLarge(`Como mucho ${MAX_BULK_ROWS} festivales por archivo (este tiene ${rows.length}).`, 'too_many_rows');
  return rows as Raw[];
}

const text = (value: unknown) => (value === undefined || value === null ? undefined : String(value).trim());
const optional = (value: unknown) => {
  const v = text(value);
  return v === '' ? undefined : v;
};

/** A row in the admin form's names: the place is 'location, country' as the catalogue writes it. */
function formValues(raw: Raw) {
  const location = text(raw.location ?? raw.city) ?? '';
  const country = text(raw.country) ?? '';
  const place =
    country && !normalizeText(location).includes(normalizeText(country)) ? `${location}, ${country}` : location;
  return {
    name: text(raw.name),
    start_date: text(raw.start_date),
    end_date: optional(raw.end_date),
    description: text(raw.description),
    location: place.replace(/^,\s*/, ''),
    address: optional(raw.address),
    website: optional(raw.website),
    genres: raw.genres ?? undefined,
    imageUrl: optional(raw.image_url ?? raw.imageUrl),
    latitude: optional(raw.latitude),
    longitude: optional(raw.longitude),
  };
}

/** A name or a place the way festivals' dedupe keys hold them (lower case, no accents, spacing folded). */
const clean = (s: string) => normalizeText(s).replace(/\s+/g, ' ').trim();

interface Candidate {
  row: number;
  input: AdminFestival;
}

/**
 * The rows that probably are a festival already stored (pending or approved): a similar name
 * (trigram similarity, or the same name once normalised), in the same city or within 50 km, and
 * an edition whose dates overlap the row's. One statement for the whole file.
 */
async function storedTwins(database: Database, candidates: Candidate[]) {
  if (candidates.length === 0) return new Map<number, { festival_id: number; name: string; similarity: number }>();
  const rows = candidates.map(({ row, input }) => ({
    row,
    name: clean(input.name),
    city: clean(input.location.split(',')[0] ?? ''),
    lat: input.latitude ?? null,
    lon: input.longitude ?? null,
    start_date: input.start_date,
    end_date: input.end_date ?? input.start_date,
  }));
  // pg_trgm's `%` holds names at least this similar, and can use the index on festivals' names
  // (migration festival-name-trigram); the threshold is set for this transaction only.
  const found: { row: number; id: number; name: string; similarity: number }[] = [];
  // In slices: each statement stays well under the statement timeout whatever plan the database picks.
  for (let from = 0; from < rows.length; from += TWIN_SLICE) {
    const slice = rows.slice(from, from + TWIN_SLICE);
    found.push(
      ...(await database.transaction(async (tx) => {
        await tx.execute(sql.raw(`set local pg_trgm.similarity_threshold = ${NAME_SIMILARITY}`));
        return sqlRows<{ row: number; id: number; name: string; similarity: number }>(
          tx,
          sql`with r as (
          select * from json_to_recordset(${JSON.stringify(slice)}::json)
            as r("row" int, name text, city text, lat float8, lon float8, start_date date, end_date date)
        )
        select distinct on (r.row) r.row, f.id, f.name, f.similarity
        from r cross join lateral (
          -- Per row, so that the name's trigram index serves each lookup.
          select f.id, f.name,
            round(similarity(split_part(f.dedupe_key, '|', 1), r.name)::numeric, 2)::float8 as similarity
          from festivals f
          where split_part(f.dedupe_key, '|', 1) % r.name
            and f.status in ('pending', 'approved')
            and (trim(split_part(split_part(f.dedupe_key, '|', 2), ',', 1)) = r.city or (r.lat is not null
              and f.latitude is not null and 2 * 6371 * asin(sqrt(power(sin(radians(f.latitude - r.lat) / 2), 2)
                + cos(radians(r.lat)) * cos(radians(f.latitude)) * power(sin(radians(f.longitude - r.lon) / 2), 2)))
              <= ${DUPLICATE_RADIUS_KM}))
            and exists (select 1 from festival_editions e where e.festival_id = f.id
              and e.start_date <= r.end_date and coalesce(e.end_date, e.start_date) >= r.start_date)
        ) f
        order by r.row, similarity desc, f.id`,
        );
      })),
    );
  }
  return new Map(
    found.map((f) => [Number(f.row), { festival_id: Number(f.id), name: f.name, similarity: Number(f.similarity) }]),
  );
}

/**
 * POST /api/admin/import/festivals: each row checked with the admin form's rules; rows that
 * probably duplicate a stored festival (or an earlier row of the file) listed instead of created;
 * the rest created through the admin's own write (audit, history, saved searches), approved or
 * pending. A dry run answers the same without writing (`would_create`). Rows are numbered from 1,
 * the first after a CSV's header.
 */
export async function bulkImport(
  database: Database,
  admin: AuthUser,
  rows: Raw[],
  options: { dryRun: boolean; status: 'approved' | 'pending' },
): Promise<BulkImportResult> {
  const result: BulkImportResult = { created: [], duplicates: [], errors: [], would_create: [] };
  const candidates: Candidate[] = [];
  const seen = new Map<string, number>();
  rows.forEach((raw, index) => {
    const row = index + 1;
    const parsed = adminFestivalSchema.safeParse(formValues(raw));
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        result.errors.push({ row, field: issue.path.join('.') || 'fila', message: issue.message });
      return;
    }
    const key = `${clean(parsed.data.name)}|${parsed.data.start_date}`;
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      result.errors.push({ row, field: 'name', message: `Repite la fila ${earlier} del archivo.` });
      return;
    }
    seen.set(key, row);
    candidates.push({ row, input: { ...parsed.data, status: options.status } });
  });
  const twins = await storedTwins(database, candidates);
  const fresh = candidates.filter(({ row }) => {
    const twin = twins.get(row);
    if (twin) result.duplicates.push({ row, ...twin });
    return !twin;
  });
  if (options.dryRun) {
    result.would_create = fresh.map((c) => c.row);
    return result;
  }
  const actor = { id: admin.id, role: admin.role };
  // In chunks of one transaction each; a chunk that meets a name and place already taken (the form's
  // 409) is written again row by row, so that row alone is reported and the others go on.
  for (let from = 0; from < fresh.length; from += CREATE_CHUNK) {
    const chunk = fresh.slice(from, from + CREATE_CHUNK);
    try {
      result.created.push(
        ...(await createFestivalsInBulk(
          database,
          actor,
          chunk.map((c) => c.input),
        )),
      );
      continue;
    } catch (error) {
      if (!(error instanceof AppError) || error.kind !== 'conflict') throw error;
    }
    for (const { row, input } of chunk) {
      try {
        result.created.push(await createFestival(database, actor, input));
      } catch (error) {
        if (!(error instanceof AppError) || (error.kind !== 'conflict' && error.kind !== 'invalid')) throw error;
        result.errors.push({ row, field: 'name', message: error.message });
      }
    }
  }
  return result;
}
