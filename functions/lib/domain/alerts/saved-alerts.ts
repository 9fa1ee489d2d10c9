import { and, asc, count, eq } from 'drizzle-orm';
import { MAX_SAVED_ALERTS, type AlertInput } from '#core/alert-schemas';
import type { Database } from '#db/client';
import { savedAlertsTable } from '#db/schema';
import { conflict, notFound } from '../../errors';
import { lockUserForLimit } from './user-limit-lock';

export const ALERT_NOT_FOUND = 'Alerta no encontrada.';
export const TOO_MANY_ALERTS = `Ya tienes ${MAX_SAVED_ALERTS} alertas: borra alguna para crear otra.`;

type Row = typeof savedAlertsTable.$inferSelect;

const view = (row: Row) => ({
  id: row.id,
  name: row.name,
  filters: row.filters,
  channels: row.channels,
  created_at: row.createdAt.toISOString(),
});

/** The filters as stored: only the ones set. */
const storedFilters = (filters: AlertInput['filters']) =>
  Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined && v !== '')) as Record<
    string,
    string | number
  >;

export async function listAlerts(database: Database, userId: number) {
  const rows = await database
    .select()
    .from(savedAlertsTable)
    .where(eq(savedAlertsTable.userId, userId))
    .orderBy(asc(savedAlertsTable.id));
  return rows.map(view);
}

export async function createAlert(database: Database, userId: number, input: AlertInput) {
  return database.transaction(async (tx) => {
    await lockUserForLimit(tx, userId);
    const [{ n }] = await tx.select({ n: count() }).from(savedAlertsTable).where(eq(savedAlertsTable.userId, userId));
    if (n >= MAX_SAVED_ALERTS) throw conflict(TOO_MANY_ALERTS, 'too_many_alerts');
    const [row] = await tx
      .insert(savedAlertsTable)
      .values({ userId, name: input.name, filters: storedFilters(input.filters), channels: input.channels })
      .returning();
    return view(row);
  });
}

/** The caller's alert; someone else's answers the same 404 as none, so ids tell nobody what exists. */
async function ownAlert(database: Database, userId: number, id: number): Promise<Row> {
  const [row] = await database
    .select()
    .from(savedAlertsTable)
    .where(and(eq(savedAlertsTable.id, id), eq(savedAlertsTable.userId, userId)));
  if (!row) throw notFound(ALERT_NOT_FOUND, 'alert_not_found');
  return row;
}

export async function updateAlert(database: Database, userId: number, id: number, input: AlertInput) {
  await ownAlert(database, userId, id);
  const [row] = await database
    .update(savedAlertsTable)
    .set({ name: input.name, filters: storedFilters(input.filters), channels: input.channels, updatedAt: new Date() })
    .where(and(eq(savedAlertsTable.id, id), eq(savedAlertsTable.userId, userId)))
    .returning();
  return view(row);
}

export async function deleteAlert(database: Database, userId: number, id: number): Promise<void> {
  await ownAlert(database, userId, id);
  await database.delete(savedAlertsTable).where(and(eq(savedAlertsTable.id, id), eq(savedAlertsTable.userId, userId)));
}
