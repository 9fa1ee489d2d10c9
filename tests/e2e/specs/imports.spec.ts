import { festivalWithSubEvents, html, jsonLd, startImportSite } from '../../support/import-site';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { E2E_SITE_PORT } from '../support/constants';
import { admin, api, expect, login, sessionFor, test } from '../support/fixtures';

test('an admin imports the official page into an existing festival, ticks fields, and the page shows the lineup and its source', async ({
  page,
}) => {
  const tag = Date.now();
  const year = new Date().getFullYear() + 1;
  const artists = [`Importada Uno ${tag}`, `Importado Dos ${tag}`];
  const site = await startImportSite(
    { '/festival': html(jsonLd(festivalWithSubEvents(`Festival Oficial ${tag}`, year, artists))) },
    E2E_SITE_PORT,
  );
  try {
    const session = await sessionFor(page, admin);
    const festival = await api(page, session.token, 'POST', '/api/admin/festivals', {
      name: `Festival por Importar ${tag}`,
      location: 'Castellón, España',
      description: 'Descripción escrita a mano.',
      start_date: `${year}-07-09`,
      end_date: `${year}-07-11`,
      genres: ['Techno'],
      latitude: 39.98,
      longitude: -0.03,
    });

    await login(page, admin);
    await page.goto('/admin');
    await page.getByRole('tab', { name: 'Importar' }).click();
    await page.getByLabel('Festival', { exact: true }).selectOption(String(festival.id));
    await page.getByLabel(/Dirección de la web oficial/).fill(site.url('/festival'));
    await page.getByRole('button', { name: 'Leer la página' }).click();

    const draft = page.getByRole('form', { name: 'Borrador junto a los datos actuales' });
    await expect(draft).toBeVisible();
    await expect(draft.getByText(`${artists[0]} (artista nuevo)`)).toBeVisible();
    await expect(draft.getByText('Descripción escrita a mano.')).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // Only what is ticked is applied: the name stays the one typed here.
    await draft.getByRole('checkbox', { name: 'Aplicar descripción' }).check();
    await draft.getByRole('checkbox', { name: 'Aplicar fechas y estado' }).check();
    await draft.getByRole('checkbox', { name: 'Aplicar cartel' }).check();
    await draft.getByRole('button', { name: 'Aplicar lo marcado' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Aplicado: Descripción, Fechas y estado, Cartel' }),
    ).toBeVisible();

    await page.goto(`/festival/${festival.id}`);
    await expect(page.getByRole('heading', { level: 1, name: `Festival por Importar ${tag}` })).toBeVisible();
    const lineup = page.locator('#cartel');
    await expect(lineup.getByText(artists[0])).toBeVisible();
    await expect(lineup.getByText(artists[1])).toBeVisible();
    await expect(lineup.getByText(/Fuente: web oficial, consultada el \d+ de \w+ de \d{4}/)).toBeVisible();
    await expect(lineup.getByRole('link', { name: 'web oficial' })).toHaveAttribute('href', site.url('/festival'));
    await expect(page.getByText(`Festival Oficial ${tag}: tres días de techno junto al mar.`)).toBeVisible();
  } finally {
    await site.close();
  }
});
