import { and, desc, eq, sql } from 'drizzle-orm';
import { correctableFields, type FactCorrection, type FactCorrectionInput } from '#core/fact-correction-schemas';
import { accessibilityInputSchema, conditionsInputSchema } from '#core/trip-fact-schemas';
import { todayIso } from '#core/dates';
import type { Database, Executor } from '#db/client';
import { factCorrectionsTable, festivalEditionsTable, festivalsTable, usersTable } from '#db/schema';
import type { AuthUser } from '../../app-env';
import { conflict, notFound } from '../../errors';
import { recordAudit } from '../audit/audit';
import { accessibilityForm, conditionsForm, setAccessibility, setConditions } from '../editions/write-trip-facts';
import { requireVisibleFestival } from '../festivals/festival-access';
import { notify } from '../notifications/notifications';

/**
 * Corrections to a festival's facts from the people who go: proposed with the page that says so,
 * decided by an admin, the proposer told the outcome. An approved correction to 'Antes de ir' or
 * accessibility is written into the edition through the editors' own write (history, source,
 * freshness of every answer), its source the correction's page, checked today, entered by the
 * community; one to the tiers is read by the admin, who edits the tiers.
 */

const correctionNotFound = () => notFound('Corrección no encontrada', 'fact_correction_not_found');

/** POST /api/festivals/{id}/fact-corrections: a correction to the festival's current edition. */
export async function proposeCorrection(
  database: Database,
  user: AuthUser,
  festivalId: number,
  input: FactCorrectionInput,
): Promise<FactCorrection> {
  const festival = await requireVisibleFestival(database, festivalId, user);
  const [row] = await database
    .select({ editionId: festivalsTable.currentEditionId })
    .from(festivalsTable)
    .where(eq(festivalsTable.id, festival.id));
  if (festival.status !== 'approved' || !row?.editionId)
    throw conflict('Este festival todavía no tiene una edición publicada que corregir.', 'no_current_edition');
  const [created] = await database
    .insert(factCorrectionsTable)
    .values({
      festivalId: festival.id,
      editionId: row.editionId,
      userId: user.id,
      factGroup: input.group,
      field: input.field,
      value: input.value,
      sourceUrl: input.source_url!,
      note: input.note,
    })
    .returning({ id: factCorrectionsTable.id });
  return (await listCorrections(database, { id: created.id }))[0];
}

/** The admin's queue (pending first, newest first), or one correction. */
export async function listCorrections(
  executor: Executor,
  where: { id?: number; userId?: number } = {},
): Promise<FactCorrection[]> {
  const rows = await executor
    .select({
      id: factCorrectionsTable.id,
      festival_id: factCorrectionsTable.festivalId,
      festival_name: festivalsTable.name,
      edition_id: factCorrectionsTable.editionId,
      edition_year: festivalEditionsTable.year,
      group: factCorrectionsTable.factGroup,
      field: factCorrectionsTable.field,
      value: factCorrectionsTable.value,
      source_url: factCorrectionsTable.sourceUrl,
      note: factCorrectionsTable.note,
      status: factCorrectionsTable.status,
      created_at: factCorrectionsTable.createdAt,
      decided_at: factCorrectionsTable.decidedAt,
      proposer_id: usersTable.id,
      proposer_name: usersTable.name,
    })
    .from(factCorrectionsTable)
    .innerJoin(festivalsTable, eq(festivalsTable.id, factCorrectionsTable.festivalId))
    .innerJoin(festivalEditionsTable, eq(festivalEditionsTable.id, factCorrectionsTable.editionId))
    .innerJoin(usersTable, eq(usersTable.id, factCorrectionsTable.userId))
    .where(
      and(
        where.id === undefined ? undefined : eq(factCorrectionsTable.id, where.id),
        where.userId === undefined ? undefined : eq(factCorrectionsTable.userId, where.userId),
      ),
    )
    .orderBy(sql`${factCorrectionsTable.status} = 'pending' desc`, desc(factCorrectionsTable.createdAt))
    .limit(200);
  return rows.map(({ proposer_id, proposer_name, created_at, decided_at, value, ...row }) => ({
    ...row,
    value: value ?? null,
    field_label: (correctableFields[row.group] as Record<string, string>)[row.field] ?? row.field,
    created_at: created_at.toISOString(),
    decided_at: decided_at?.toISOString() ?? null,
    proposer: { id: proposer_id, name: proposer_name },
  }));
}

/** Writes an approved correction into its edition's group, checked as the editor checks it. */
async function applyCorrection(database: Database, admin: AuthUser, correction: FactCorrection) {
  if (correction.group === 'tiers') return;
  const source = { source_url: correction.source_url, verified_at: todayIso(new Date()) };
  const options = { enteredAs: 'community' as const };
  if (correction.group === 'conditions') {
    const form = (await conditionsForm(database, correction.edition_id)) ?? {};
    const parsed = conditionsInputSchema.safeParse({ ...form, [correction.field]: correction.value, ...source });
    if (!parsed.success) throw conflict(`No se puede aplicar: ${parsed.error.issues[0].message}`, 'not_applicable');
    await setConditions(database, correction.edition_id, parsed.data, admin, options);
  } else {
    const form = (await accessibilityForm(database, correction.edition_id)) ?? {};
    const parsed = accessibilityInputSchema.safeParse({ ...form, [correction.field]: correction.value, ...source });
    if (!parsed.success) throw conflict(`No se puede aplicar: ${parsed.error.issues[0].message}`, 'not_applicable');
    await setAccessibility(database, correction.edition_id, parsed.data, admin, options);
  }
}

/** PATCH /api/admin/fact-corrections/{id}: approve (and apply) or reject a pending correction; the proposer is told. */
export async function decideCorrection(
  database: Database,
  admin: AuthUser,
  id: number,
  status: 'approved' | 'rejected',
): Promise<FactCorrection> {
  const [correction] = await listCorrections(database, { id });
  if (!correction) throw correctionNotFound();
  if (correction.status !== 'pending')
    throw conflict(
      'Esta corrección ya se decidió. Solo se pueden aprobar o rechazar las pendientes.',
      'already_decided',
    );
  // Applied before it is marked decided: a failure leaves it pending, and applying it again writes the same.
  if (status === 'approved') await applyCorrection(database, admin, correction);
  await database.transaction(async (tx) => {
    const [decided] = await tx
      .update(factCorrectionsTable)
      .set({ status, decidedAt: new Date(), decidedBy: admin.id })
      .where(and(eq(factCorrectionsTable.id, id), eq(factCorrectionsTable.status, 'pending')))
      .returning({ userId: factCorrectionsTable.userId });
    if (!decided)
      throw conflict(
        'Esta corrección ya se decidió. Solo se pueden aprobar o rechazar las pendientes.',
        'already_decided',
      );
    const what = `tu corrección de «${correction.field_label}» en ${correction.festival_name}`;
    await notify(
      tx,
      decided.userId,
      'festival',
      status === 'approved'
        ? `Hemos aprobado ${what}. ¡Gracias por ayudar a que los datos sean fiables!`
        : `No hemos aprobado ${what}: no pudimos confirmarla con la fuente indicada.`,
    );
    await recordAudit(tx, {
      actorId: admin.id,
      action: status === 'approved' ? 'approve' : 'reject',
      entity: 'fact_correction',
      entityId: id,
      details: { festival_id: correction.festival_id, group: correction.group, field: correction.field },
    });
  });
  return (await listCorrections(database, { id }))[0];
}
