import { sql } from 'drizzle-orm';
import { adminFestivalSchema } from '#core/festival-schemas';
import {
  IDENTITY_IMPORT_FIELDS,
  importFieldGroups,
  type ImportApplyInput,
  type ImportField,
} from '#core/import-schemas';
import { editionInputSchema, lineupInputSchema, ticketsInputSchema } from '#core/lineup-schemas';
import { IDENTITY_MESSAGE } from '#core/organizer-schemas';
import type { Database, Executor } from '#db/client';
import { festivalFactSourcesTable, watchedSourcesTable, type ImportedFactGroup } from '#db/schema';
import type { ZodError } from 'zod';
import type { AuthUser } from '../../app-env';
import { written } from '../../cache/written';
import { badRequest, notFound, unprocessable } from '../../errors';
import { festivalEditions } from '../editions/read-editions';
import { createEdition, updateEdition } from '../editions/write-editions';
import { replaceLineup, setTickets } from '../editions/write-lineups';
import { FESTIVAL_NOT_FOUND } from '../festivals/festival-access';
import { findFestival } from '../festivals/festival-rows';
import { editFestival } from '../festivals/write-festivals';
import { requireOrganizedFestival } from '../organizers/organizer-access';
import { ticketsFromTiers } from './preview';

/** The first problem of a draft's values, as the forms would say it, with the field it came from. */
function invalid(field: ImportField, error: ZodError): never {
  const issue = error.issues[0];
  throw badRequest(`${issue?.message ?? 'Dato no válido.'} (${field})`, 'invalid_import', [
    { path: `draft.${field}`, message: issue?.message ?? 'Dato no válido.' },
  ]);
}

const nothingFor = (field: ImportField) =>
  badRequest(`La página no da ningún valor para «${field}»: desmárcalo.`, 'import_field_empty', [
    { path: `fields`, message: field },
  ]);

/**
 * POST /api/import/apply: the fields a person ticked, written from the draft through the domain's
 * own writes (editFestival, createEdition/updateEdition, replaceLineup, setTickets), so the history,
 * the alerts and the kept answers follow as for an edit by hand; then the source of each group
 * applied (its address and when it was read) is stored, and shows on the festival's page. Every value
 * is checked with the forms' own rules before anything is written. Organisers reach the same, for
 * their festivals, but not the identity fields (name, place, coordinates), as on their desk.
 */
export async function applyImport(database: Database, user: AuthUser, input: ImportApplyInput) {
  const { festival_id: festivalId, draft } = input;
  await requireOrganizedFestival(database, user, festivalId);
  const fields = [...new Set(input.fields)];
  if (user.role !== 'admin') {
    const identity = fields.filter((f) => IDENTITY_IMPORT_FIELDS.includes(f));
    if (identity.length)
      throw badRequest(
        IDENTITY_MESSAGE,
        'identity_fields',
        identity.map((path) => ({ path, message: IDENTITY_MESSAGE })),
      );
  }
  const festival = await findFestival(database, festivalId);
  if (!festival) throw notFound(FESTIVAL_NOT_FOUND, 'festival_not_found');
  const editions = await festivalEditions(database, festivalId);
  const has = (field: ImportField) => fields.includes(field);

  // The festival's own fields, checked with the admin form's rules over what it is now.
  const festivalKeys: Record<string, unknown> = {};
  const f = draft.festival;
  const pairs: [ImportField, string, unknown][] = [
    ['name', 'name', f.name],
    ['description', 'description', f.description],
    ['website', 'website', f.website],
    ['image_url', 'imageUrl', f.image_url],
    ['location', 'location', f.location],
    ['address', 'address', f.address],
  ];
  for (const [field, key, value] of pairs) {
    if (!has(field)) continue;
    if (value === null) throw nothingFor(field);
    festivalKeys[key] = value;
  }
  if (has('coordinates')) {
    if (f.latitude === null || f.longitude === null) throw nothingFor('coordinates');
    Object.assign(festivalKeys, { latitude: f.latitude, longitude: f.longitude });
  }
  const present = new Set(Object.keys(festivalKeys));
  let festivalInput: ReturnType<typeof adminFestivalSchema.parse> | undefined;
  if (present.size) {
    const parsed = adminFestivalSchema.safeParse({
      name: festival.name,
      start_date: festival.start_date,
      end_date: festival.end_date,
      description: festival.description,
      location: festival.location,
      address: festival.address,
      website: festival.website,
      imageUrl: festival.image_url,
      latitude: festival.latitude,
      longitude: festival.longitude,
      ...festivalKeys,
    });
    if (!parsed.success) invalid([...present][0] as ImportField, parsed.error);
    festivalInput = parsed.data;
  }

  // The edition of the page's year (created when the festival has none), or the current one.
  const year = draft.edition?.year;
  const edition =
    year !== undefined
      ? editions.find((e) => e.year === year)
      : editions.find((e) => e.start_date === festival.start_date);
  let editionInput: ReturnType<typeof editionInputSchema.parse> | undefined;
  if (has('dates')) {
    if (!draft.edition) throw nothingFor('dates');
    const parsed = editionInputSchema.safeParse({
      year: draft.edition.year,
      start_date: draft.edition.start_date,
      end_date: draft.edition.end_date,
      status: draft.edition.status,
      notes: edition?.notes ?? null,
    });
    if (!parsed.success) invalid('dates', parsed.error);
    editionInput = parsed.data;
  }
  if ((has('lineup') || has('tickets')) && !edition && !editionInput)
    throw unprocessable(
      `El festival no tiene edición de ${year ?? 'este año'}: marca también «Fechas y estado» para crearla.`,
      'import_needs_edition',
    );
  const firstDay = editionInput?.start_date ?? edition?.start_date ?? '';
  const lastDay = editionInput
    ? (editionInput.end_date ?? editionInput.start_date)
    : (edition?.end_date ?? edition?.start_date ?? '');

  let lineupInput: ReturnType<typeof lineupInputSchema.parse> | undefined;
  if (has('lineup')) {
    if (!draft.lineup.length) throw nothingFor('lineup');
    const parsed = lineupInputSchema.safeParse({
      lineup: draft.lineup.map((entry) => ({
        // By name: the name's key finds the artist the preview matched, or creates the new one.
        artist_name: entry.name,
        day: entry.day && entry.day >= firstDay && entry.day <= lastDay ? entry.day : null,
        stage: entry.stage,
        starts_at: entry.starts_at,
        ends_at: entry.starts_at && entry.ends_at && entry.ends_at > entry.starts_at ? entry.ends_at : null,
      })),
    });
    if (!parsed.success) invalid('lineup', parsed.error);
    lineupInput = parsed.data;
  }
  let ticketsInput: ReturnType<typeof ticketsInputSchema.parse> | undefined;
  if (has('tickets')) {
    if (!draft.tickets.length) throw nothingFor('tickets');
    const parsed = ticketsInputSchema.safeParse(ticketsFromTiers(draft.tickets));
    if (!parsed.success) invalid('tickets', parsed.error);
    ticketsInput = parsed.data;
  }

  // Every value passed: write, each through its own domain write (each commits on its own).
  const actor = { id: user.id, role: user.role };
  if (festivalInput) await editFestival(database, actor, festivalId, festivalInput, present);
  let editionId = edition?.id;
  if (editionInput) {
    if (edition) await updateEdition(database, edition.id, editionInput, actor);
    else editionId = await createEdition(database, festivalId, editionInput, actor);
  }
  if (lineupInput) await replaceLineup(database, editionId!, lineupInput.lineup, actor);
  if (ticketsInput) await setTickets(database, editionId!, ticketsInput, actor);

  const groups = [...new Set(fields.map((field) => importFieldGroups[field]))] as ImportedFactGroup[];
  const checkedAt = new Date();
  await database
    .insert(festivalFactSourcesTable)
    .values(
      groups.map((factGroup) => ({
        festivalId,
        factGroup,
        sourceUrl: input.source_url,
        checkedAt,
        enteredBy: user.id,
      })),
    )
    .onConflictDoUpdate({
      target: [festivalFactSourcesTable.festivalId, festivalFactSourcesTable.factGroup],
      set: { sourceUrl: sql`excluded.source_url`, checkedAt, enteredBy: user.id },
    });
  // The page is watched from now on: the weekly reader opens 'Cambios detectados' when it moves.
  await watchSource(database, festivalId, input.source_url, user.id);
  written('edition', festivalId);
}

/** Starts watching `url` for the festival (an import applied, or an admin by hand); the same pair twice is one source. */
export async function watchSource(executor: Executor, festivalId: number, url: string, userId: number | null) {
  await executor
    .insert(watchedSourcesTable)
    .values({ festivalId, url, createdBy: userId })
    .onConflictDoNothing({ target: [watchedSourcesTable.festivalId, watchedSourcesTable.url] });
}
