import { readFileSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import ICAL from 'ical.js';
import { clockTime, festivalTimeZone } from '#core/time-zone';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import {
  allowConsoleError,
  catalogue,
  expect,
  login,
  person,
  test,
  withCookieChoice,
  type Person,
} from '../support/fixtures';

interface Entry {
  id: number;
  artist: { name: string };
  day: string | null;
  stage: string | null;
  starts_at: string | null;
  ends_at: string | null;
}

/** A seeded festival whose current edition has set times: two sets of its first day that overlap, and one apart. */
async function festivalWithSets(page: Page) {
  for (const festival of await catalogue(page)) {
    const detail = await (await page.request.get(`/api/festivals/${festival.id}`)).json();
    const timed: Entry[] = (detail.lineup ?? []).filter((e: Entry) => e.starts_at && e.ends_at);
    if (!timed.length) continue;
    const firstDay = timed.map((e) => e.day!).sort()[0];
    const day = timed.filter((e) => e.day === firstDay).sort((a, b) => a.starts_at!.localeCompare(b.starts_at!));
    const [a, b] = [day[0], day.find((e) => e.stage !== day[0].stage && e.starts_at! < day[0].ends_at!)];
    const apart = b && day.find((e) => e.starts_at! >= a.ends_at! && e.starts_at! >= b.ends_at!);
    // Other specs add festivals with a set or two: only one with a clash and a set apart will do.
    if (!b || !apart) continue;
    return { festival, a, b, apart };
  }
  throw new Error('no seeded festival has set times');
}

/** A set's button: its name starts with its times, then the artist (a clash note names other artists later). */
const setButton = (page: Page, entry: Entry) =>
  page.getByRole('button', {
    name: new RegExp(`^\\d\\d:\\d\\d–\\d\\d:\\d\\d\\s*${entry.artist.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
  });

/**
 * What the person's account holds, seen as they would see it: the timetable opened in another
 * browser (nothing kept on that device) signed in as them, reloaded until the set shows picked.
 */
async function expectPickedOnAnotherDevice(browser: Browser, who: Person, festivalId: number, entry: Entry) {
  const context = await browser.newContext();
  const other = await context.newPage();
  await withCookieChoice(other);
  await login(other, who);
  await expect
    .poll(
      async () => {
        await other.goto(`/festival/${festivalId}/x/horario`);
        await expect(setButton(other, entry)).toBeVisible();
        return setButton(other, entry).getAttribute('aria-pressed');
      },
      { timeout: 20_000 },
    )
    .toBe('true');
  await context.close();
}

test.beforeEach(async ({ page }) => {
  await withCookieChoice(page);
});

test('pick sets from the festival page link, see the clash, keep them on reload, export them', async ({ page }) => {
  await page.goto('/');
  const { festival, a, b, apart } = await festivalWithSets(page);
  await page.goto(`/festival/${festival.id}`);
  await page.getByRole('link', { name: 'Mi horario' }).click();
  await expect(page).toHaveURL(new RegExp(`/festival/${festival.id}/[a-z0-9-]+/horario$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Mi horario' })).toBeVisible();
  await expect(page.getByRole('tab').first()).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { level: 2, name: a.stage! })).toBeVisible();
  await expect(page.getByText('Hora local del festival')).toBeVisible();

  await setButton(page, a).click();
  await expect(setButton(page, a)).toHaveAttribute('aria-pressed', 'true');
  await setButton(page, apart).click();
  await expect(page.getByText('Coincide con')).toHaveCount(0);
  await setButton(page, b).click();
  // Both clashing sets say with whom; the one apart says nothing.
  await expect(setButton(page, a)).toContainText(`Coincide con ${b.artist.name} (${b.stage}`);
  await expect(setButton(page, b)).toContainText(`Coincide con ${a.artist.name} (${a.stage}`);
  await expect(setButton(page, apart)).not.toContainText('Coincide con');
  await expect(page.getByText('3 actuaciones elegidas · 2 con coincidencias')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Kept on the device while signed out.
  await page.reload();
  await expect(setButton(page, b)).toHaveAttribute('aria-pressed', 'true');
  await setButton(page, b).click();
  await expect(page.getByText('Coincide con')).toHaveCount(0);

  // The export: the file the button downloads, read with ical.js, holds each picked set.
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Exportar al calendario' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`mi-horario-${festival.id}.ics`);
  const calendar = new ICAL.Component(ICAL.parse(readFileSync(await download.path(), 'utf8')));
  const events = calendar
    .getAllSubcomponents('vevent')
    .map((v) => new ICAL.Event(v))
    .map((e) => ({
      summary: e.summary,
      start: e.startDate.toJSDate().toISOString(),
      end: e.endDate.toJSDate().toISOString(),
      location: e.location,
    }))
    .sort((x, y) => x.start.localeCompare(y.start));
  expect(events).toEqual(
    [a, apart].map((entry) => ({
      summary: `${entry.artist.name} · ${festival.name}`,
      start: new Date(entry.starts_at!).toISOString(),
      end: new Date(entry.ends_at!).toISOString(),
      location: expect.stringMatching(new RegExp(`^${entry.stage!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`)),
    })),
  );

  // Days are tabs, reachable with the arrow keys.
  const tabs = page.getByRole('tab');
  if ((await tabs.count()) > 1) {
    await tabs.first().focus();
    await page.keyboard.press('ArrowRight');
    await expect(tabs.nth(1)).toHaveAttribute('aria-selected', 'true');
    await expect(tabs.nth(1)).toBeFocused();
  }
});

test('signed in, picks go to my account and a read-only link shows them to others', async ({ page, browser }) => {
  await page.goto('/');
  const { festival, a } = await festivalWithSets(page);
  const marta = person('Marta Horario');
  await login(page, marta);
  await page.goto(`/festival/${festival.id}/x/horario`);
  await setButton(page, a).click();
  await expectPickedOnAnotherDevice(browser, marta, festival.id, a);

  await page.getByRole('button', { name: 'Compartir' }).click();
  const link = await page.getByLabel('Enlace de solo lectura').inputValue();
  expect(link).toMatch(/\/horario\?compartido=[0-9a-f-]{36}$/);

  const other = await browser.newPage();
  await withCookieChoice(other);
  await other.goto(new URL(link).pathname + new URL(link).search);
  await expect(other.getByRole('heading', { level: 1, name: 'Horario de Marta' })).toBeVisible();
  await expect(other.getByText(a.artist.name)).toBeVisible();
  // Read only: nothing to tap.
  await expect(other.getByRole('button', { name: new RegExp(a.artist.name) })).toHaveCount(0);
  await expect(other.getByText('Elegida')).toHaveCount(1);
  await other.close();
});

test.describe('seen from another time zone', () => {
  // A visitor in London planning the festival: their device's clock is not the festival's.
  test.use({ timezoneId: 'Europe/London' });

  test('set times, clashes and the now mark are on the festival clock, and the page says so', async ({ page }) => {
    await page.goto('/');
    const { festival, a, b } = await festivalWithSets(page);
    const zone = festivalTimeZone(await (await page.request.get(`/api/festivals/${festival.id}`)).json())!;
    const local = (iso: string | Date) => clockTime(new Date(iso), zone);
    const start = new Date(a.starts_at!);
    // Otherwise this test could not tell the two clocks apart.
    expect(local(start)).not.toBe(clockTime(start, 'Europe/London'));
    const now = new Date(start.getTime() + 10 * 60_000);
    await page.clock.setFixedTime(now);
    await page.goto(`/festival/${festival.id}/x/horario`);

    await expect(setButton(page, a)).toContainText(`${local(a.starts_at!)}–${local(a.ends_at!)}`);
    await expect(setButton(page, a)).toContainText('Ahora');
    await expect(page.getByRole('note')).toHaveText(`Ahora: ${local(now)}`);
    await expect(page.getByText('Hora local del festival')).toContainText('Tu dispositivo está en otra zona horaria.');
    await setButton(page, a).click();
    await setButton(page, b).click();
    await expect(setButton(page, a)).toContainText(
      `Coincide con ${b.artist.name} (${b.stage}, ${local(b.starts_at!)})`,
    );
    await expectNoSeriousA11yViolations(page);
  });

  test("the festival page's lineup shows set times on the festival clock too", async ({ page }) => {
    await page.goto('/');
    const { festival, a } = await festivalWithSets(page);
    const zone = festivalTimeZone(await (await page.request.get(`/api/festivals/${festival.id}`)).json())!;
    const local = (iso: string) => clockTime(new Date(iso), zone);
    expect(local(a.starts_at!)).not.toBe(clockTime(new Date(a.starts_at!), 'Europe/London'));
    await page.goto(`/festival/${festival.id}/x`);
    const lineup = page.locator('.lineup');
    await expect(lineup.getByRole('listitem').filter({ hasText: a.artist.name })).toContainText(
      `${local(a.starts_at!)}–${local(a.ends_at!)}`,
    );
  });
});

test.describe('without signal', () => {
  test.use({ serviceWorkers: 'allow' });

  test('after one visit the timetable opens offline and a pick made offline reaches the account when back', async ({
    page,
    context,
    browser,
  }) => {
    test.slow();
    await page.goto('/');
    const { festival, a } = await festivalWithSets(page);
    const offline = person('Offline Horario');
    await login(page, offline);
    await page.goto(`/festival/${festival.id}/x/horario`);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });
    await page.reload();
    await expect(setButton(page, a)).toBeVisible();

    await context.setOffline(true);
    allowConsoleError(page, /ERR_INTERNET_DISCONNECTED|status of 503/);
    await page.reload();
    await expect(setButton(page, a)).toBeVisible();
    await setButton(page, a).click();
    await expect(setButton(page, a)).toHaveAttribute('aria-pressed', 'true');

    await context.setOffline(false);
    await expectPickedOnAnotherDevice(browser, offline, festival.id, a);
  });
});
