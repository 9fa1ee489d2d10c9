/**
 * Pasting and saving a 200-artist lineup in the admin panel, end to end, in Chromium on the
 * production build: from the moment the poster's text is pasted into 'Pegar cartel' until
 * 'Cartel 2031 guardado: 200 artistas' shows. That covers reading the poster (core/lineup-paste),
 * the preview's lookups of each name (/api/artists?search=, six at a time, to mark new artists),
 * drawing the 200 rows, and the PUT that replaces the lineup in one transaction (creating the new
 * artists). Each run uses a new festival and a poster of 50 artists the catalogue knows and 150
 * it does not, grouped by day and stage as posters are. Scrolling down to 'Guardar cartel' is the
 * admin's own time and is left out. Also prints the PUT alone, timed from Node.
 *
 *   npm run bench -- lineup-paste     (BENCH_RUNS=5, BENCH_PORT: a free port; BASE_URL=... for a
 *                                      running site started with ADMIN_EMAILS=demo@festivales.local)
 */
import { loadavg } from 'node:os';
import { chromium } from '@playwright/test';
import { parsePastedLineup } from '#core/lineup-paste';
import { withWebServer } from './support/web-server';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const KNOWN = 50;
const NEW = 150;
const TARGET_MS = 1000;
const args = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

async function call<T>(base: string, token: string | null, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

/** A poster as organisers publish it: two days, two stages a day, headliners starred, some names paired on one line. */
function poster(known: string[], tag: string): string {
  const names = [...known.slice(0, KNOWN), ...Array.from({ length: NEW }, (_, i) => `Artista Cartel ${tag} ${i + 1}`)];
  const lines: string[] = [];
  const quarter = names.length / 4;
  ['Viernes', 'Sábado'].forEach((day, d) => {
    lines.push(day);
    ['Main Stage', 'Escenario Carpa'].forEach((stage, s) => {
      lines.push(stage);
      const group = names.slice((d * 2 + s) * quarter, (d * 2 + s + 1) * quarter);
      for (let i = 0; i < group.length; i++) {
        if (i < 2 && s === 0) lines.push(`*${group[i]}`);
        else if (i % 10 === 9 && i + 1 < group.length) lines.push(`${group[i]} · ${group[++i]}`);
        else lines.push(group[i]!);
      }
    });
  });
  return lines.join('\n');
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

await withWebServer(
  async (base) => {
    const session = await call<{ token: string; role: string }>(base, null, 'POST', '/api/users/auth/google', {
      credential: `manual_login_token_${Date.now()}`,
    });
    if (session.role !== 'admin')
      throw new Error('The demo account is not admin: start the site with ADMIN_EMAILS=demo@festivales.local');
    const token = session.token;
    const known = (await call<{ name: string }[]>(base, null, 'GET', `/api/artists?limit=${KNOWN}`)).map((a) => a.name);
    if (known.length < KNOWN)
      console.log(
        `(the catalogue knows ${known.length} artists: the poster repeats none, so ${KNOWN - known.length} fewer known names)`,
      );
    console.log(
      `Pasting and saving a 200-artist lineup (${known.length} known artists, ${NEW} new) in the admin panel, Chromium at 1280 px, ${RUNS} runs`,
    );
    console.log(`load average before: ${load()}`);

    const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args });
    const totals: number[] = [];
    const previews: number[] = [];
    const saves: number[] = [];
    try {
      for (let run = 0; run <= RUNS; run++) {
        const tag = `${Date.now().toString(36)}${run}`;
        const name = `Bench Cartel ${tag}`;
        await call(base, token, 'POST', '/api/admin/festivals', {
          name,
          description: 'Festival del benchmark de carteles.',
          location: 'Valencia, España',
          start_date: '2031-07-11',
          end_date: '2031-07-13',
          genres: ['Techno'],
          status: 'approved',
        });
        const text = poster(known, tag);
        // As the panel reads it (a known name that looks like a stage heading would not be a row).
        const expected = parsePastedLineup(text, { start_date: '2031-07-11', end_date: '2031-07-13' }).length;

        const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
        await context.addInitScript((t) => {
          localStorage.setItem('google_token', t);
          localStorage.setItem(
            'cookie-consent',
            JSON.stringify({
              preferences: { essential: true, analytics: false, marketing: false, personalization: false },
              timestamp: new Date().toISOString(),
              version: '1.0',
            }),
          );
        }, token);
        const page = await context.newPage();
        await page.goto(`${base}/admin`);
        await page.getByRole('tab', { name: /^Todos/ }).click();
        await page.getByRole('searchbox', { name: 'Buscar festivales' }).fill(name);
        await page
          .getByRole('row')
          .filter({ hasText: name })
          .getByRole('button', { name: `Ediciones y cartel de ${name}` })
          .click();
        const dialog = page.getByRole('dialog', { name: `Ediciones y cartel: ${name}` });
        const pasteBox = dialog.getByRole('textbox', { name: 'Pegar cartel' });
        await pasteBox.waitFor();

        const started = performance.now();
        const lookedUp = page
          .waitForResponse((r) => r.url().endsWith('/api/admin/artists/lookup'))
          .then(() => performance.now());
        await pasteBox.fill(text);
        await dialog.getByRole('button', { name: 'Previsualizar y añadir' }).click();
        await dialog
          .locator('.lineup-row')
          .nth(expected - 1)
          .waitFor();
        const previewed = performance.now();
        // Reaching the button below 200 rows is the admin's own scrolling: not timed.
        const saveButton = dialog.getByRole('button', { name: 'Guardar cartel' });
        await saveButton.scrollIntoViewIfNeeded();
        await page.waitForTimeout(300);
        const saveStarted = performance.now();
        const put = page
          .waitForResponse((r) => r.url().includes('/lineup') && r.request().method() === 'PUT')
          .then(() => performance.now());
        await saveButton.click();
        await dialog.getByText(new RegExp(`^Cartel 2031 guardado: ${expected} artistas`)).waitFor({ timeout: 30_000 });
        const saved = performance.now();
        const [lookupAt, putAt] = await Promise.all([lookedUp, put]);
        await context.close();

        // The first run warms the server and the browser's caches: not counted.
        if (run === 0) continue;
        totals.push(previewed - started + (saved - saveStarted));
        previews.push(previewed - started);
        saves.push(saved - saveStarted);
        console.log(
          `  run ${run}: ${(previewed - started + (saved - saveStarted)).toFixed(0)} ms end to end ` +
            `(paste and preview ${(previewed - started).toFixed(0)} ms, of which the lookup answered at ${(lookupAt - started).toFixed(0)} ms; ` +
            `save ${(saved - saveStarted).toFixed(0)} ms, of which the PUT answered at ${(putAt - saveStarted).toFixed(0)} ms)`,
        );
      }
    } finally {
      await browser.close();
    }

    // The save alone, from Node: 200 entries by name (150 new artists) in one PUT.
    const apiTimes: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const tag = `${Date.now().toString(36)}api${run}`;
      const festival = await call<{ id: number }>(base, token, 'POST', '/api/admin/festivals', {
        name: `Bench API ${tag}`,
        description: 'Festival del benchmark de carteles.',
        location: 'Valencia, España',
        start_date: '2031-07-11',
        end_date: '2031-07-13',
        status: 'approved',
      });
      const [edition] = await call<{ id: number }[]>(base, null, 'GET', `/api/festivals/${festival.id}/editions`);
      const lineup = [
        ...known.slice(0, KNOWN),
        ...Array.from({ length: NEW }, (_, i) => `Artista API ${tag} ${i + 1}`),
      ].map((artist_name) => ({ artist_name }));
      const t0 = performance.now();
      await call(base, token, 'PUT', `/api/admin/editions/${edition!.id}/lineup`, { lineup });
      apiTimes.push(performance.now() - t0);
    }

    console.log(
      `\n  end to end      median ${median(totals).toFixed(0)} ms, max ${Math.max(...totals).toFixed(0)} ms  ` +
        `(target <= ${TARGET_MS} ms: ${Math.max(...totals) <= TARGET_MS ? 'met' : 'NOT met'})`,
    );
    console.log(
      `  paste+preview   median ${median(previews).toFixed(0)} ms, max ${Math.max(...previews).toFixed(0)} ms`,
    );
    console.log(`  save (UI)       median ${median(saves).toFixed(0)} ms, max ${Math.max(...saves).toFixed(0)} ms`);
    console.log(
      `  PUT alone       median ${median(apiTimes).toFixed(0)} ms, max ${Math.max(...apiTimes).toFixed(0)} ms  ` +
        `(200 entries, ${NEW} new artists, one transaction)`,
    );
    console.log(`load average after: ${load()}`);
  },
  {
    port: process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : undefined,
    env: { ADMIN_EMAILS: 'demo@festivales.local', LOG_LEVEL: 'warn' },
  },
);
