/** The screens `npm run screenshots` shoots: every route of the SPA and its main states. */
import type { Page } from '@playwright/test';

export interface Screen {
  name: string;
  path: string;
  /** With the demo session stored (an admin). */
  signedIn?: boolean;
  /** false: no stored cookie choice, so the banner shows. */
  consent?: boolean;
  /** Only at these widths (a state that exists on one layout only). */
  widths?: number[];
  /** Runs after the page has loaded, before the picture. */
  prepare?: (page: Page, width: number) => Promise<unknown>;
  /** Default true; false: the viewport only (maps, dialogs). */
  fullPage?: boolean;
  /** Console errors the screen causes on purpose (the browser logs every 404 it is answered). */
  expectedErrors?: RegExp;
}

const firstCard = (p: Page) => p.getByRole('heading', { level: 3 }).first().waitFor();
const scrollTo = (p: Page, selector: string) =>
  p.locator(selector).evaluate((el) => window.scrollTo({ top: el.getBoundingClientRect().top + window.scrollY - 80 }));
const mapReady = (p: Page) => p.waitForSelector('[data-map-ready="true"]');
const festivalReady = (p: Page) => p.getByRole('heading', { level: 1 }).waitFor();

export const screens: Screen[] = [
  { name: 'home-cookie-banner', path: '/', consent: false, fullPage: false, prepare: firstCard },
  {
    name: 'cookie-configure',
    path: '/',
    consent: false,
    fullPage: false,
    prepare: async (p) => {
      await firstCard(p);
      await p.getByRole('button', { name: 'Configurar' }).click();
    },
  },
  { name: 'home', path: '/', prepare: firstCard },
  {
    name: 'home-list',
    path: '/',
    fullPage: false,
    prepare: async (p) => {
      await firstCard(p);
      await p.getByRole('button', { name: 'Vista en lista' }).click();
      await scrollTo(p, '.results-bar');
    },
  },
  {
    name: 'home-empty',
    path: '/',
    fullPage: false,
    prepare: async (p) => {
      await firstCard(p);
      await p.getByLabel('Buscar').fill('zzzz');
    },
  },
  {
    name: 'home-filters-open',
    path: '/',
    widths: [375],
    fullPage: false,
    prepare: async (p) => {
      await firstCard(p);
      await p.getByRole('button', { name: /Más filtros/ }).click();
    },
  },
  {
    name: 'mobile-menu',
    path: '/',
    widths: [375],
    fullPage: false,
    prepare: async (p) => p.getByRole('button', { name: 'Abrir menú' }).click(),
  },
  {
    name: 'mobile-menu-signed-in',
    path: '/',
    signedIn: true,
    widths: [375],
    fullPage: false,
    prepare: async (p) => {
      await p.getByRole('button', { name: 'Abrir menú' }).waitFor();
      await p.waitForTimeout(500);
      await p.getByRole('button', { name: 'Abrir menú' }).click();
    },
  },
  {
    name: 'user-menu',
    path: '/',
    signedIn: true,
    widths: [1280],
    fullPage: false,
    prepare: async (p) => p.getByRole('button', { name: /Menú de/ }).click(),
  },
  {
    name: 'notifications',
    path: '/',
    signedIn: true,
    widths: [1280],
    fullPage: false,
    prepare: async (p) => p.getByRole('button', { name: 'Notificaciones' }).click(),
  },
  {
    name: 'favorites-empty',
    path: '/favorites',
    prepare: (p) => p.getByRole('heading', { name: 'Mis favoritos' }).waitFor(),
  },
  {
    name: 'favorites',
    path: '/festival/1',
    signedIn: true,
    prepare: async (p) => {
      await festivalReady(p);
      const button = p.getByRole('button', { name: /favoritos$/ }).first();
      if ((await button.getAttribute('aria-pressed')) !== 'true') await button.click();
      await p.goto(new URL('/favorites', p.url()).toString(), { waitUntil: 'networkidle' });
      await firstCard(p);
    },
  },
  { name: 'festival', path: '/festival/1', signedIn: true, prepare: festivalReady },
  {
    name: 'festival-comments',
    path: '/festival/1',
    signedIn: true,
    fullPage: false,
    prepare: async (p) => {
      await festivalReady(p);
      await p.waitForTimeout(500);
      await scrollTo(p, '#comentarios');
    },
  },
  {
    name: 'lightbox',
    path: '/festival/1',
    fullPage: false,
    prepare: async (p) => {
      await festivalReady(p);
      await p.getByRole('button', { name: /^Abrir .*\(1 de/ }).click();
    },
  },
  {
    name: 'festival-not-found',
    path: '/festival/999999',
    expectedErrors: /status of 404/,
    prepare: (p) => p.getByRole('heading', { name: 'Festival no encontrado' }).waitFor(),
  },
  { name: 'map', path: '/map', fullPage: false, prepare: mapReady },
  {
    name: 'map-search',
    path: '/map',
    fullPage: false,
    prepare: async (p) => {
      await mapReady(p);
      await p.getByRole('searchbox', { name: 'Buscar en el mapa' }).fill('techno');
      await p.waitForTimeout(900);
    },
  },
  {
    name: 'calendar',
    path: '/calendar?fecha=2026-07-01',
    prepare: (p) => p.waitForSelector('.cal-grid, .cal-list, .cal-empty'),
  },
  {
    name: 'calendar-week',
    path: '/calendar?vista=semana&fecha=2026-07-15',
    prepare: (p) => p.waitForSelector('.cal-grid, .cal-list'),
  },
  {
    name: 'calendar-panel',
    path: '/calendar?fecha=2026-07-01',
    widths: [1280],
    fullPage: false,
    prepare: async (p) => {
      await p.waitForSelector('.cal-grid');
      await p.locator('.cal-cell.has-items .cal-day-number').first().click();
      await p.waitForSelector('dialog[open]');
    },
  },
  { name: 'propose-signed-out', path: '/proponer' },
  { name: 'propose', path: '/proponer', signedIn: true, prepare: (p) => p.waitForSelector('form.propose-form') },
  {
    name: 'propose-errors',
    path: '/proponer',
    signedIn: true,
    prepare: async (p) => {
      await p.getByRole('textbox', { name: /Fecha de inicio/ }).fill('15-08-2031');
      await p.getByRole('textbox', { name: 'Géneros' }).fill('Techno, House');
      await p.getByRole('textbox', { name: 'Cartel' }).fill('Viernes\nAmelie Lens\nCharlotte de Witte · Ben Klock');
      await p.getByRole('textbox', { name: /Precio desde/ }).fill('-5');
      await p.getByRole('button', { name: 'Proponer festival' }).click();
    },
  },
  {
    name: 'organizer',
    path: '/organizador',
    signedIn: true,
    prepare: (p) => p.getByRole('heading', { name: 'En directo: cambios de hoy' }).waitFor(),
  },
  { name: 'organizer-signed-out', path: '/organizador' },
  {
    name: 'organizer-claim',
    path: '/organizador?reclamar=2',
    signedIn: true,
    prepare: (p) => p.getByRole('button', { name: 'Enviar código' }).waitFor(),
  },
  {
    name: 'festival-news',
    get path() {
      return `/festival/${process.env.SCREENSHOT_LIVE_FESTIVAL}`;
    },
    prepare: async (p) => {
      await p.getByRole('heading', { name: 'Novedades' }).waitFor();
      await scrollTo(p, '#cambios-de-hoy');
    },
    fullPage: false,
  },
  {
    name: 'timetable-changes',
    get path() {
      return `/festival/${process.env.SCREENSHOT_LIVE_FESTIVAL}/directo/horario`;
    },
    prepare: (p) => p.getByRole('heading', { name: 'Cambios de hoy' }).waitFor(),
  },
  { name: 'admin-signed-out', path: '/admin' },
  {
    name: 'admin-organizers',
    path: '/admin',
    signedIn: true,
    prepare: async (p) => {
      await p.getByRole('tab', { name: /Organizadores/ }).click();
      await p
        .getByRole('combobox', { name: 'Festival' })
        .selectOption({ label: 'Festival en Directo de las Capturas' });
      await p.getByRole('heading', { name: 'Historial de cambios' }).waitFor();
      await p.getByRole('button', { name: 'Revertir' }).first().waitFor();
    },
  },
  { name: 'admin', path: '/admin', signedIn: true, prepare: (p) => p.getByRole('tab', { name: /Reportes/ }).waitFor() },
  {
    name: 'admin-festivals',
    path: '/admin',
    signedIn: true,
    fullPage: false,
    prepare: async (p) => {
      await p.getByRole('tab', { name: /^Todos/ }).click();
    },
  },
  {
    name: 'admin-festival-form',
    path: '/admin',
    signedIn: true,
    fullPage: false,
    prepare: async (p) => {
      await p.getByRole('button', { name: 'Nuevo festival' }).click();
      await p.getByRole('button', { name: 'Crear festival' }).click();
    },
  },
  {
    name: 'admin-media',
    path: '/admin',
    signedIn: true,
    prepare: async (p) => {
      await p.getByRole('tab', { name: /Fotos/ }).click();
      await p.getByRole('tab', { name: /^Todos/ }).click();
    },
  },
  {
    name: 'admin-media-form',
    path: '/admin',
    signedIn: true,
    fullPage: false,
    prepare: async (p) => {
      await p.getByRole('tab', { name: /Fotos/ }).click();
      await p.getByRole('button', { name: 'Nueva foto o vídeo' }).click();
    },
  },
  {
    name: 'admin-comments',
    path: '/admin',
    signedIn: true,
    prepare: async (p) => p.getByRole('tab', { name: /Comentarios/ }).click(),
  },
  {
    name: 'admin-reports',
    path: '/admin',
    signedIn: true,
    prepare: async (p) => p.getByRole('tab', { name: /Reportes/ }).click(),
  },
  {
    name: 'admin-messages',
    path: '/admin',
    signedIn: true,
    prepare: async (p) => p.getByRole('tab', { name: /Mensajes/ }).click(),
  },
  {
    name: 'festival-lineup',
    path: '/festival/14',
    prepare: async (p) => {
      await festivalReady(p);
      await scrollTo(p, '#cartel');
    },
    fullPage: false,
  },
  {
    name: 'festival-tiers',
    path: '/festival/14',
    signedIn: true,
    prepare: async (p) => {
      await festivalReady(p);
      await scrollTo(p, '.tier-list');
    },
    fullPage: false,
  },
  {
    name: 'festival-trip-facts',
    path: '/festival/14',
    signedIn: true,
    prepare: async (p) => {
      await festivalReady(p);
      await scrollTo(p, '#antes-de-ir');
    },
    fullPage: false,
  },
  {
    name: 'festival-correction',
    path: '/festival/14',
    signedIn: true,
    fullPage: false,
    prepare: async (p) => {
      await festivalReady(p);
      await scrollTo(p, '#antes-de-ir');
      await p.getByRole('button', { name: 'Propón una corrección' }).click();
      await p.getByRole('dialog', { name: 'Proponer una corrección' }).waitFor();
    },
  },
  {
    name: 'admin-corrections',
    path: '/admin',
    signedIn: true,
    prepare: async (p) => {
      await p.getByRole('tab', { name: 'Correcciones' }).click();
      await p.getByRole('heading', { name: 'Correcciones propuestas' }).waitFor();
    },
  },
  {
    name: 'festival-attendance',
    path: '/festival/14',
    signedIn: true,
    prepare: async (p) => {
      await festivalReady(p);
      await scrollTo(p, '.attendance-section');
    },
    fullPage: false,
  },
  {
    name: 'festival-similar',
    path: '/festival/14',
    prepare: async (p) => {
      await festivalReady(p);
      await scrollTo(p, '#parecidos');
      await p.locator('#parecidos .discover-row').waitFor();
    },
    fullPage: false,
  },
  {
    name: 'plan',
    get path() {
      return `/planes/${process.env.SCREENSHOT_PLAN}`;
    },
    signedIn: true,
    prepare: (p) => p.getByRole('heading', { name: 'Dónde estaremos' }).waitFor(),
  },
  {
    name: 'plan-join',
    get path() {
      return process.env.SCREENSHOT_PLAN_JOIN ?? '/planes/unirse/x';
    },
    signedIn: true,
    prepare: (p) => p.getByRole('button', { name: 'Unirme al plan' }).waitFor(),
  },
  {
    // 'Para ti' for a visitor whose device keeps two favourites.
    name: 'home-for-you',
    path: '/',
    prepare: async (p) => {
      await p.evaluate(() => window.localStorage.setItem('favoriteFestivals', JSON.stringify(['14', '1'])));
      await p.reload();
      await p.getByRole('heading', { name: 'Para ti' }).waitFor();
    },
    fullPage: false,
  },
  {
    name: 'admin-imports',
    path: '/admin',
    signedIn: true,
    prepare: async (p) => p.getByRole('tab', { name: /Importar/ }).click(),
  },
  { name: 'timetable', path: '/festival/14/tomorrowland/horario', prepare: festivalReady },
  { name: 'artist', path: '/artista/20', prepare: festivalReady },
  { name: 'artists', path: '/artistas', prepare: festivalReady },
  { name: 'account', path: '/cuenta', signedIn: true, prepare: festivalReady },
  {
    name: 'admin-artists',
    path: '/admin',
    signedIn: true,
    prepare: async (p) => p.getByRole('tab', { name: /Artistas/ }).click(),
  },
  {
    // A festival whose lineup has set times: they are typed on the festival's clock, which the hint names.
    name: 'admin-editions',
    path: '/admin',
    signedIn: true,
    fullPage: false,
    prepare: async (p) => {
      await p.getByRole('tab', { name: /^Todos/ }).click();
      await p.getByRole('searchbox', { name: 'Buscar festivales' }).fill('Tomorrowland');
      await p.getByRole('button', { name: 'Ediciones y cartel de Tomorrowland', exact: true }).click();
      await p.getByText('en la hora local del festival').waitFor();
    },
  },
  {
    name: 'admin-newsletter',
    path: '/admin',
    signedIn: true,
    prepare: async (p) => p.getByRole('tab', { name: /Newsletter/ }).click(),
  },
  {
    // Where the link of the newsletter's confirmation message lands: the button confirms.
    name: 'newsletter-confirm',
    path: '/newsletter/confirmar?token=00000000-0000-4000-8000-000000000000',
    prepare: (p) => p.getByRole('button', { name: 'Confirmar suscripción' }).waitFor(),
  },
  { name: 'about', path: '/about' },
  { name: 'legal-notice', path: '/legal-notice' },
  { name: 'privacy', path: '/privacy' },
  { name: 'privacy-controller', path: '/privacy#controller' },
  { name: 'privacy-purposes', path: '/privacy#purposes' },
  { name: 'privacy-rights', path: '/privacy#rights' },
  { name: 'privacy-contact', path: '/privacy#contact' },
  { name: 'contact', path: '/contact' },
  { name: 'help', path: '/help' },
  {
    name: 'help-answers',
    path: '/help',
    prepare: (p) => p.locator('details').evaluateAll((all) => all.forEach((d) => d.setAttribute('open', ''))),
  },
];
