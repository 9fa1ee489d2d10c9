import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { addMonthsIso, itemsByDay, MONTH_VIEW_PER_DAY, monthDays, monthGrid, visibleItems } from '#core/calendar';
import { todayIso } from '#core/dates';
import { calendarRange, type CalendarRange } from '#core/festival-page';
import { expect, test } from '../support/fixtures';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import type { Festival } from '#core/response-schemas';

const long =
  'Un festival de prueba con una descripción muy larga que sirve para comprobar que el calendario la recorta a cien caracteres como pide la especificación.';

const festival = (id: number, name: string, start: string, end: string | null): Festival => ({
  id,
  name,
  description: long,
  location: 'Valencia, España',
  address: null,
  start_date: start,
  end_date: end,
  website: 'https://example.com',
  image_url: null,
  status: 'approved',
  genres: ['Techno', 'House'],
  averageRating: 0,
  ratingsCount: 0,
  going_count: 0,
  interested_count: 0,
  latitude: 39.47,
  longitude: -0.37,
  hasValidCoordinates: true,
  geocoded_from: null,
  geocoded_at: null,
  transportation: null,
  parking_info: null,
  accommodation: null,
  proposed_by: null,
  created_at: '2030-01-01T00:00:00.000Z',
});

// Four festivals on 15 May 2030, one of them from the 14th to the 17th.
const catalogue = [
  festival(9001, 'Alfa Largo', '2030-05-14', '2030-05-17'),
  festival(9002, 'Beta Día', '2030-05-15', '2030-05-15'),
  festival(9003, 'Gamma Día', '2030-05-15', null),
  festival(9004, 'Delta Día', '2030-05-15', '2030-05-15'),
];

// The calendar asks for the days it shows; the answer is what the server computes from this catalogue.
async function serveCatalogue(page: Page) {
  await page.route('**/api/festivals/calendar?*', (route) => {
    const url = new URL(route.request().url());
    route.fulfill({ json: calendarRange(catalogue, url.searchParams.get('from')!, url.searchParams.get('to')!) });
  });
  // 'Añadir a mi calendario' reads the whole festival.
  await page.route(/\/api\/festivals\/\d+$/, (route) => {
    const id = Number(new URL(route.request().url()).pathname.split('/').pop());
    const found = catalogue.find((f) => f.id === id);
    return found ? route.fulfill({ json: found }) : route.continue();
  });
}

test.describe('calendar', () => {
  test('month view: 42 cells, 2 per day then +N más, multi-day spans, navigation and Hoy', async ({ page }) => {
    await serveCatalogue(page);
    await page.goto('/calendar?fecha=2030-05-15');
    await expect(page.getByRole('heading', { level: 2, name: 'mayo de 2030' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Mes', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.locator('td.cal-cell')).toHaveCount(42);

    const day15 = page.locator('td.cal-cell').filter({ has: page.getByRole('button', { name: /15 de mayo de 2030/ }) });
    await expect(day15.locator('.cal-chip')).toHaveCount(2);
    await expect(day15.getByRole('button', { name: /^\+2 más/ })).toHaveText('+2 más');
    // The four-day festival shows on each of its days.
    for (const d of [14, 16, 17]) {
      const cell = page
        .locator('td.cal-cell')
        .filter({ has: page.getByRole('button', { name: new RegExp(`, ${d} de mayo de 2030`) }) });
      await expect(cell.getByRole('link', { name: /Alfa Largo/ })).toBeVisible();
    }
    await expect(page.getByRole('link', { name: /Alfa Largo/ }).first()).toHaveAttribute(
      'href',
      '/festival/9001/alfa-largo',
    );
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: 'Mes siguiente' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'junio de 2030' })).toBeVisible();
    await expect(page.getByText('No hay festivales este mes.')).toBeVisible();
    await page.getByRole('button', { name: 'Mes anterior' }).click();
    await page.getByRole('button', { name: 'Mes anterior' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'abril de 2030' })).toBeVisible();
    await page.getByRole('button', { name: 'Ir al próximo festival: Alfa Largo' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'mayo de 2030' })).toBeVisible();
    await page.getByRole('button', { name: 'Hoy' }).click();
    const now = new Intl.DateTimeFormat('es-ES', { month: 'long', year: 'numeric', timeZone: 'Europe/Madrid' }).format(
      new Date(),
    );
    await expect(page.getByRole('heading', { level: 2, name: now })).toBeVisible();
    await expect(page.locator('td.cal-cell.is-today')).toHaveCount(1);
  });

  test('day panel: every festival of the day, 100-character descriptions, favourite star and .ics download', async ({
    page,
  }) => {
    await serveCatalogue(page);
    await page.goto('/calendar?fecha=2030-05-15');
    const more = page.getByRole('button', { name: /^\+2 más/ });
    await more.click();
    const panel = page.getByRole('dialog', { name: 'miércoles, 15 de mayo de 2030' });
    await expect(panel).toBeVisible();
    await expect(panel.getByRole('article')).toHaveCount(4);
    const description = await panel.locator('.cal-entry-description').first().textContent();
    expect(description!.length).toBeLessThanOrEqual(100);
    expect(description!.endsWith('...')).toBe(true);
    await expectNoSeriousA11yViolations(page);

    const star = panel.getByRole('button', { name: 'Añadir Beta Día a favoritos' });
    await star.click();
    await expect(page.getByText('Festival añadido a favoritos')).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Quitar Beta Día de favoritos' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(await page.evaluate(() => localStorage.getItem('favoriteFestivals'))).toContain('9002');

    const download = page.waitForEvent('download');
    await panel.getByRole('button', { name: /Añadir a mi calendario\s*: Alfa Largo/ }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('alfa-largo-2030-05-14.ics');
    const ics = readFileSync((await file.path())!, 'utf8');
    expect(ics).toContain('BEGIN:VEVENT');
    expect(ics).toContain('DTSTART;VALUE=DATE:20300514');
    expect(ics).toContain('DTEND;VALUE=DATE:20300518');
    expect(ics).toContain('SUMMARY:Alfa Largo');

    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(more).toBeFocused();

    // Clicking a day number opens the same panel; festival links go to the festival page.
    await page.getByRole('button', { name: /16 de mayo de 2030/ }).click();
    await expect(
      page
        .getByRole('dialog', { name: 'jueves, 16 de mayo de 2030' })
        .getByRole('link', { name: 'Alfa Largo', exact: true }),
    ).toHaveAttribute('href', '/festival/9001/alfa-largo');
  });

  test('week view shows 3 per day then +N más', async ({ page }) => {
    await serveCatalogue(page);
    await page.goto('/calendar?fecha=2030-05-15');
    await page.getByRole('button', { name: 'Semana', exact: true }).click();
    await expect(page).toHaveURL(/vista=semana/);
    await expect(page.getByRole('heading', { level: 2, name: '13 - 19 de mayo de 2030' })).toBeVisible();
    await expect(page.locator('td.cal-cell')).toHaveCount(7);
    const day15 = page.locator('td.cal-cell').filter({ has: page.getByRole('button', { name: /15 de mayo de 2030/ }) });
    await expect(day15.locator('.cal-chip')).toHaveCount(3);
    await expect(day15.getByRole('button', { name: /^\+1 más/ })).toBeVisible();
    await page.getByRole('button', { name: 'Semana siguiente' }).click();
    await expect(page.getByRole('heading', { level: 2, name: '20 - 26 de mayo de 2030' })).toBeVisible();
    await page.getByRole('button', { name: 'Lista', exact: true }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'mayo de 2030', exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: /miércoles, 15 de mayo de 2030/ })).toBeVisible();
  });

  test('a phone gets the vertical list whatever the chosen view', async ({ page }) => {
    await serveCatalogue(page);
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/calendar?fecha=2030-05-15&vista=mes');
    await expect(page.getByRole('button', { name: 'Mes', exact: true })).toHaveCount(0);
    await expect(page.locator('td.cal-cell')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: /martes, 14 de mayo de 2030/ })).toBeVisible();
    // Full card on the first day, a compact line on the following days of a multi-day festival.
    await expect(page.getByRole('article')).toHaveCount(4);
    await expect(page.getByRole('link', { name: /Alfa Largo.*Continúa/ })).toHaveCount(3);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectNoSeriousA11yViolations(page);
  });
});

test('while the month loads, a named loading state that axe accepts', async ({ page }) => {
  let answer = () => {};
  const held = new Promise<void>((resolve) => (answer = resolve));
  await page.route('**/api/festivals/calendar?*', async (route) => {
    await held;
    const url = new URL(route.request().url());
    await route.fulfill({ json: calendarRange(catalogue, url.searchParams.get('from')!, url.searchParams.get('to')!) });
  });
  await page.goto('/calendar?fecha=2030-05-15&vista=mes');
  await expect(page.getByRole('status', { name: 'Cargando festivales...' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  answer();
  await expect(page.getByRole('status', { name: 'Cargando festivales...' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /Beta Día/ }).first()).toBeVisible();
});

test.describe('calendar on the server catalogue', () => {
  test(
    'month view: the festivals the server dates on each day, 2 a day then +N más, and the next month',
    { tag: '@catalogue' },
    async ({ page }) => {
      const today = todayIso();
      const grid = monthGrid(today, today);
      const from = grid[0].iso;
      const to = grid[grid.length - 1].iso;
      // The server's answer for the days shown is what core computes from the whole catalogue.
      const answer: CalendarRange = await (
        await page.request.get(`/api/festivals/calendar?from=${from}&to=${to}`)
      ).json();
      const whole = (await (await page.request.get('/api/festivals')).json()) as Festival[];
      expect(answer.items.map((f) => f.id)).toEqual(calendarRange(whole, from, to).items.map((f) => f.id));

      // The busiest day of this month, and a day with a single festival if there is one.
      const byDay = itemsByDay(answer.items, from, to);
      const month = today.slice(0, 7);
      const days = [...byDay.entries()]
        .filter(([iso]) => iso.startsWith(month))
        .sort((a, b) => b[1].length - a[1].length);
      test.skip(days.length === 0, 'needs festivals this month');
      const [busiest, festivals] = days[0];
      const { more } = visibleItems(festivals, MONTH_VIEW_PER_DAY);

      await page.goto(`/calendar?fecha=${busiest}`);
      const monthName = new Intl.DateTimeFormat('es-ES', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
        new Date(`${busiest}T12:00:00Z`),
      );
      await expect(page.getByRole('heading', { level: 2, name: monthName })).toBeVisible();
      const dayLabel = new Intl.DateTimeFormat('es-ES', {
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        timeZone: 'UTC',
      }).format(new Date(`${busiest}T12:00:00Z`));
      const cell = page
        .locator('td.cal-cell')
        .filter({ has: page.getByRole('button', { name: new RegExp(`, ${dayLabel}`) }) });
      await expect(cell.locator('.cal-chip')).toHaveCount(Math.min(festivals.length, MONTH_VIEW_PER_DAY));
      if (more > 0) await expect(cell.getByRole('button', { name: /^\+\d+ más/ })).toHaveText(`+${more} más`);
      // Every festival of the day is one click away, in the day's panel.
      await cell.locator('button.cal-day-number').click();
      const panel = page.getByRole('dialog', { name: new RegExp(`, ${dayLabel}$`) });
      await expect(panel.getByRole('article')).toHaveCount(festivals.length);
      await expect(panel.getByRole('link', { name: festivals[0].name, exact: true }).first()).toBeVisible();

      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Mes siguiente' }).click();
      const next = new Intl.DateTimeFormat('es-ES', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
        new Date(`${addMonthsIso(busiest, 1)}T12:00:00Z`),
      );
      await expect(page.getByRole('heading', { level: 2, name: next })).toBeVisible();
    },
  );

  test(
    'a phone draws the month list as it is scrolled, and every festival of the month is reached',
    { tag: '@catalogue' },
    async ({ page }) => {
      const today = todayIso();
      const days = monthDays(today, today);
      const from = days[0].iso;
      const to = days[days.length - 1].iso;
      const answer: CalendarRange = await (
        await page.request.get(`/api/festivals/calendar?from=${from}&to=${to}`)
      ).json();
      // One whole card per festival of the month (later days of a multi-day festival are a line).
      const festivals = new Set([...itemsByDay(answer.items, from, to).values()].flat().map((f) => f.id));
      test.skip(festivals.size < 20, 'needs a busy month');
      // Hundreds of festivals, a dozen more each time the end comes near.
      test.slow();

      await page.setViewportSize({ width: 375, height: 800 });
      await page.goto('/calendar');
      await expect(page.getByRole('article').first()).toBeVisible();
      // Only the first festivals are drawn with the page...
      expect(await page.getByRole('article').count()).toBeLessThan(festivals.size);
      // ...and scrolling down draws the next ones until the month ends.
      await expect(async () => {
        await page.locator('.cal-list > li').last().scrollIntoViewIfNeeded();
        expect(await page.getByRole('article').count()).toBe(festivals.size);
      }).toPass({ timeout: 120_000 });
      await expect(page.locator('.cal-list-end')).toHaveCount(0);
    },
  );
});
