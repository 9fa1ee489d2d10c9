import { eq } from 'drizzle-orm';
import type { Preferences, PreferencesInput } from '#core/alert-schemas';
import { alertKinds, PRICE_ALERT_DAYS_DEFAULT } from '#core/types';
import type { Executor } from '#db/client';
import { userPreferencesTable, usersTable, type AlertChannels } from '#db/schema';
import { deletedAccountEmail } from '../account/deleted-account';
import type { UnsubscribeScope } from '../../alert-unsubscribe';

const ALL_ON = { inApp: true, email: true, push: true };

/** A user's preferences with the defaults filled in: every channel on, one email per event. */
export async function preferencesOf(database: Executor, userId: number): Promise<Preferences> {
  const [row] = await database.select().from(userPreferencesTable).where(eq(userPreferencesTable.userId, userId));
  const stored: AlertChannels = row?.channels ?? {};
  return {
    digest: row?.digest ?? 'immediate',
    price_alert_days: row?.priceAlertDays ?? PRICE_ALERT_DAYS_DEFAULT,
    channels: Object.fromEntries(alertKinds.map((k) => [k, { ...ALL_ON, ...stored[k] }])) as Preferences['channels'],
  };
}

/** Saves what the input names and keeps the rest. */
export async function savePreferences(
  database: Executor,
  userId: number,
  input: PreferencesInput,
): Promise<Preferences> {
  const current = await preferencesOf(database, userId);
  const next: Preferences = {
    digest: input.digest ?? current.digest,
    price_alert_days: input.price_alert_days ?? current.price_alert_days,
    channels: { ...current.channels, ...input.channels },
  };
  await database
    .insert(userPreferencesTable)
    .values({ userId, digest: next.digest, channels: next.channels, priceAlertDays: next.price_alert_days })
    .onConflictDoUpdate({
      target: userPreferencesTable.userId,
      set: {
        digest: next.digest,
        channels: next.channels,
        priceAlertDays: next.price_alert_days,
        updatedAt: new Date(),
      },
    });
  return next;
}

/** The one-click unsubscribe of an alert email: that kind's emails off, or every kind's. */
export async function stopEmails(database: Executor, userId: number, scope: UnsubscribeScope): Promise<void> {
  const current = await preferencesOf(database, userId);
  const kinds = scope === 'all' ? alertKinds : [scope];
  const channels = { ...current.channels };
  for (const k of kinds) channels[k] = { ...channels[k], email: false };
  await savePreferences(database, userId, { channels });
}

/**
 * The one-click unsubscribe of a link in an alert email: false when the link's account is gone or
 * was deleted (its anonymised row must not gather preferences again), else that kind's emails off.
 */
export async function stopEmailsOfLink(database: Executor, userId: number, scope: UnsubscribeScope): Promise<boolean> {
  const [user] = await database.select({ email: usersTable.email }).from(usersTable).where(eq(usersTable.id, userId));
  if (!user || user.email === deletedAccountEmail(userId)) return false;
  await stopEmails(database, userId, scope);
  return true;
}
