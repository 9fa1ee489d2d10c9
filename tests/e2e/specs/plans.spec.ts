import type { Page } from '@playwright/test';
import { allowConsoleError, api, catalogue, expect, login, person, test, withCookieChoice } from '../support/fixtures';

interface Entry {
  id: number;
  artist: { name: string };
  day: string | null;
  stage: string | null;
  starts_at: string | null;
  ends_at: string | null;
}

/** A seeded festival whose current edition has two sets that overlap. */
async function festivalWithClash(page: Page) {
  for (const festival of await catalogue(page)) {
    const detail = await (await page.request.get(`/api/festivals/${festival.id}`)).json();
    const timed: Entry[] = (detail.lineup ?? []).filter((e: Entry) => e.starts_at && e.ends_at);
    for (const a of timed) {
      const b = timed.find((e) => e.id !== a.id && e.starts_at! < a.ends_at! && a.starts_at! < e.ends_at!);
      if (b) return { festival, a: a.starts_at! <= b.starts_at! ? a : b, b: a.starts_at! <= b.starts_at! ? b : a };
    }
  }
  throw new Error('no seeded festival has two overlapping sets');
}

test("two friends: a plan shared by link, each other's picks and the clash in words, the plan kept offline", async ({
  browser,
}) => {
  // Two people, each in a browser of their own.
  test.setTimeout(120_000);
  const ana = { ...person('Ana'), name: 'Ana García' };
  const luis = { ...person('Luis'), name: 'Luis' };
  const first = await browser.newContext();
  const page = await first.newPage();
  await withCookieChoice(page);
  const anaSession = await login(page, ana);
  const { festival, a, b } = await festivalWithClash(page);
  await api(page, anaSession.token, 'PUT', `/api/timetables/${festival.id}`, { picks: [a.id, b.id] });

  // From the festival's timetable: 'Plan con amigos', then the invitation link.
  await page.goto(`/festival/${festival.id}/x/horario`);
  await page.getByRole('button', { name: 'Plan con amigos' }).click();
  await expect(page).toHaveURL(/\/planes\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: `Plan para ${festival.name}` })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Compartir invitación' })).toBeVisible();
  const invite = await page.getByLabel('Enlace de invitación').inputValue();
  expect(invite).toMatch(/\/planes\/unirse\/[0-9a-f-]{36}$/);

  // The friend opens the link, is asked to sign in, then joins with their own picks.
  const second = await browser.newContext();
  const friend = await second.newPage();
  await withCookieChoice(friend);
  await friend.goto(new URL(invite).pathname);
  await expect(friend.getByText('Inicia sesión para unirte al plan.')).toBeVisible();
  const luisSession = await login(friend, luis);
  await api(friend, luisSession.token, 'PUT', `/api/timetables/${festival.id}`, { picks: [a.id, b.id] });
  await friend.goto(new URL(invite).pathname);
  await friend.getByRole('button', { name: 'Unirme al plan' }).click();
  await expect(friend).toHaveURL(/\/planes\/\d+$/);

  const clash = `Ana y Luis: ${a.artist.name} coincide con ${b.artist.name}`;
  for (const screen of [friend, page]) {
    if (screen === page) await page.reload();
    await expect(screen.getByRole('heading', { name: 'En el plan (2)' })).toBeVisible();
    await expect(screen.getByText(clash)).toBeVisible();
    // Both picked both sets: each is marked as everyone's, with both initials.
    await expect(screen.getByLabel('Elegido por Ana y Luis')).toHaveCount(2);
    await expect(screen.locator('.plan-set.is-everyone')).toHaveCount(2);
  }
  // A filter per member.
  await friend.getByRole('group', { name: 'Ver lo elegido por' }).getByRole('button', { name: 'Ana' }).click();
  await expect(
    friend.getByRole('group', { name: 'Ver lo elegido por' }).getByRole('button', { name: 'Ana' }),
  ).toHaveAttribute('aria-pressed', 'true');
  await expect(friend.getByRole('heading', { name: 'Dónde estaremos' })).toBeVisible();

  // A meeting point the group sees.
  await friend.getByLabel('Nota').fill('Junto a la noria');
  await friend.getByRole('button', { name: 'Añadir punto' }).click();
  await expect(friend.getByText('Junto a la noria')).toBeVisible();

  // Offline: the plan the device kept opens, and says so. ('Mi horario' is visited once online, so
  // its code is at hand when the page comes back to the plan without a connection.)
  await friend.getByRole('link', { name: 'Elegir mis actuaciones' }).click();
  await expect(friend).toHaveURL(/\/horario$/);
  await friend.goBack();
  await expect(friend.getByText(clash)).toBeVisible();
  allowConsoleError(friend, /ERR_INTERNET_DISCONNECTED|Failed to fetch|Failed to load resource/);
  await second.setOffline(true);
  await friend.getByRole('link', { name: 'Elegir mis actuaciones' }).click();
  await expect(friend).toHaveURL(/\/horario$/);
  await friend.goBack();
  await expect(friend.getByText('Sin conexión: este es el plan guardado en el dispositivo.')).toBeVisible();
  await expect(friend.getByText(clash)).toBeVisible();
  await expect(friend.getByText('Junto a la noria')).toBeVisible();
  await first.close();
  await second.close();
});
