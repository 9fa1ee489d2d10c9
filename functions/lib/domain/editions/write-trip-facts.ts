import { eq } from 'drizzle-orm';
import type { AccessibilityInput, ConditionsInput } from '#core/trip-fact-schemas';
import type { Database, Executor } from '#db/client';
import { editionAccessibilityTable, editionConditionsTable } from '#db/schema';
import { written } from '../../cache/written';
import { recordAudit } from '../audit/audit';
import { recordChange, type Actor, type WriteOptions } from '../history/changes';
import { lockEdition } from './write-lineups';
import { recordFactSource, sourceForm } from './write-tiers';

/*
 * 'Antes de ir' and accessibility of an edition: each group written whole (a fact left out is
 * unknown again), with its source, by an admin or one of the festival's organisers, recorded in the
 * festival's history so an admin can undo it.
 */

/** A group never entered, as its history's before: every fact unknown (a revert writes them back as unknown). */
const unknownForm = (values: object) =>
  Object.fromEntries(
    [...Object.keys(values), 'source_url', 'verified_at'].map((k) => [
      k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`),
      null,
    ]),
  );

const conditionValues = (input: ConditionsInput) => ({
  food: input.food,
  water: input.water,
  reentry: input.reentry,
  cashless: input.cashless,
  cashlessRefundFee: input.cashless_refund_fee,
  cashlessRefundDays: input.cashless_refund_days,
  cashAccepted: input.cash_accepted,
  agePolicy: input.age_policy,
  // 'Todas las edades' has no age to say.
  minimumAge: input.age_policy === 'all_ages' ? null : input.minimum_age,
  guardianFormUrl: input.guardian_form_url,
  camping: input.camping,
  parking: input.parking,
  lockers: input.lockers,
  bagLimit: input.bag_limit,
  notes: input.notes,
});

/** The group as PUT .../conditions takes it (the history's before and after), or null when never entered. */
export async function conditionsForm(tx: Executor, editionId: number) {
  const [row] = await tx.select().from(editionConditionsTable).where(eq(editionConditionsTable.editionId, editionId));
  const source = await sourceForm(tx, editionId, 'conditions');
  if (!row) return null;
  return {
    food: row.food,
    water: row.water,
    reentry: row.reentry,
    cashless: row.cashless,
    cashless_refund_fee: row.cashlessRefundFee,
    cashless_refund_days: row.cashlessRefundDays,
    cash_accepted: row.cashAccepted,
    age_policy: row.agePolicy,
    minimum_age: row.minimumAge,
    guardian_form_url: row.guardianFormUrl,
    camping: row.camping,
    parking: row.parking,
    lockers: row.lockers,
    bag_limit: row.bagLimit,
    notes: row.notes,
    ...source,
  };
}

const accessibilityValues = (input: AccessibilityInput) => ({
  stepFree: input.step_free,
  viewingPlatform: input.viewing_platform,
  adaptedToilets: input.adapted_toilets,
  companionTicket: input.companion_ticket,
  signLanguage: input.sign_language,
  inductionLoop: input.induction_loop,
  vibratingVests: input.vibrating_vests,
  quietArea: input.quiet_area,
  assistanceDogs: input.assistance_dogs,
  accessibleCamping: input.accessible_camping,
  accessibleParking: input.accessible_parking,
  contact: input.contact,
  notes: input.notes,
});

/** The group as PUT .../accessibility takes it, or null when never entered. */
export async function accessibilityForm(tx: Executor, editionId: number) {
  const [row] = await tx
    .select()
    .from(editionAccessibilityTable)
    .where(eq(editionAccessibilityTable.editionId, editionId));
  const source = await sourceForm(tx, editionId, 'accessibility');
  if (!row) return null;
  return {
    step_free: row.stepFree,
    viewing_platform: row.viewingPlatform,
    adapted_toilets: row.adaptedToilets,
    companion_ticket: row.companionTicket,
    sign_language: row.signLanguage,
    induction_loop: row.inductionLoop,
    vibrating_vests: row.vibratingVests,
    quiet_area: row.quietArea,
    assistance_dogs: row.assistanceDogs,
    accessible_camping: row.accessibleCamping,
    accessible_parking: row.accessibleParking,
    contact: row.contact,
    notes: row.notes,
    ...source,
  };
}

/** PUT /api/admin/editions/{id}/conditions (and the organisers' route). */
export async function setConditions(
  database: Database,
  id: number,
  input: ConditionsInput,
  actor: Actor,
  options: WriteOptions = {},
): Promise<void> {
  const festivalId = await database.transaction(async (tx) => {
    const edition = await lockEdition(tx, id);
    const before = await conditionsForm(tx, id);
    const values = { ...conditionValues(input), updatedAt: new Date() };
    await tx
      .insert(editionConditionsTable)
      .values({ editionId: id, ...values })
      .onConflictDoUpdate({ target: editionConditionsTable.editionId, set: values });
    await recordFactSource(tx, id, 'conditions', input, actor, options.enteredAs);
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'update',
      entity: 'edition',
      entityId: id,
      details: { group: 'conditions' },
    });
    await recordChange(tx, {
      festivalId: edition.festivalId,
      actor,
      entity: 'conditions',
      entityId: id,
      action: 'update',
      before: before ?? unknownForm(conditionValues(input)),
      after: await conditionsForm(tx, id),
      revertsId: options.revertsId,
    });
    return edition.festivalId;
  });
  written('edition', festivalId);
}

/** PUT /api/admin/editions/{id}/accessibility (and the organisers' route). */
export async function setAccessibility(
  database: Database,
  id: number,
  input: AccessibilityInput,
  actor: Actor,
  options: WriteOptions = {},
): Promise<void> {
  const festivalId = await database.transaction(async (tx) => {
    const edition = await lockEdition(tx, id);
    const before = await accessibilityForm(tx, id);
    const values = { ...accessibilityValues(input), updatedAt: new Date() };
    await tx
      .insert(editionAccessibilityTable)
      .values({ editionId: id, ...values })
      .onConflictDoUpdate({ target: editionAccessibilityTable.editionId, set: values });
    await recordFactSource(tx, id, 'accessibility', input, actor, options.enteredAs);
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'update',
      entity: 'edition',
      entityId: id,
      details: { group: 'accessibility' },
    });
    await recordChange(tx, {
      festivalId: edition.festivalId,
      actor,
      entity: 'accessibility',
      entityId: id,
      action: 'update',
      before: before ?? unknownForm(accessibilityValues(input)),
      after: await accessibilityForm(tx, id),
      revertsId: options.revertsId,
    });
    return edition.festivalId;
  });
  written('edition', festivalId);
}
