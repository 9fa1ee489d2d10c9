/**
 * A festival gallery of 50 users' photos of 4-5 MB on a phone: what the browser downloads before the
 * person scrolls, and whether anything moves while it loads (CLS).
 *
 * The photos are made here as a phone writes them (4000x3000 JPEG with detail at every scale, camera
 * EXIF and GPS position), uploaded by two signed-in people through the real API (presigned URL, PUT,
 * confirm: the server strips the metadata and makes the AVIF/WebP copies), and approved by an admin.
 * Then Chromium, as a 375 px wide phone at 2x, opens the festival page as a first visit and waits
 * without scrolling (the service worker installs after `load` and precaches the app: counted too,
 * since it crosses the same network); the budget is 1.5 MB and CLS 0. Then it taps 'Galería' in the
 * section links and prints what the grid on screen adds. Bytes are what crossed the network (headers
 * and bodies as sent, compressed when the server compresses); CLS is the sum of the page's
 * `layout-shift` entries without recent input (PerformanceObserver, buffered).
 *
 *   npm run bench -- web-gallery            (starts `npm start` on a free port, or BENCH_PORT, with a key set of its own)
 *   PHOTOS=20 npx tsx bench/web-gallery.ts  (fewer photos)
 *   BASE_URL=http://127.0.0.1:3000 FESTIVAL=12 npx tsx bench/web-gallery.ts  (a running site whose festival has its photos)
 */
import { chromium, type BrowserContext, type Request } from '@playwright/test';
import { startJwksServer } from '../tests/support/jwks-server';
import { phonePhoto } from './support/phone-photo';
import { withWebServer } from './support/web-server';

const PHOTOS = Number(process.env.PHOTOS ?? 50);
const UPLOADERS = 2; // the upload limit is 30 an hour per person
const CLIENT_ID = 'festivales-bench.apps.googleusercontent.com';
const ADMIN_EMAIL = 'admin@festivales.bench';
const BUDGET_BYTES = 1.5 * 1024 * 1024;
const args = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(2)} MB`;
const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;

async function json(res: Response, what: string) {
  const text = await res.text();
  if (!res.ok) throw new Error(`${what}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

const jwks = await startJwksServer(CLIENT_ID);
let failed = false;
try {
  await withWebServer(
    async (base) => {
      const signIn = async (email: string, name: string) => {
        const credential = await jwks.mintIdToken({ sub: `bench-${email}`, email, name });
        return (await json(
          await fetch(`${base}/api/users/auth/google`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ credential }),
          }),
          'sign-in',
        )) as { token: string };
      };
      const call = async (token: string, method: string, path: string, body?: unknown) =>
        json(
          await fetch(`${base}${path}`, {
            method,
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body: body === undefined ? undefined : JSON.stringify(body),
          }),
          `${method} ${path}`,
        );

      const festivals = (await json(await fetch(`${base}/api/festivals`), 'festivals')) as {
        id: number;
        name: string;
      }[];
      // FESTIVAL=id with BASE_URL: measure a running site whose festival already holds the photos.
      const festival = process.env.FESTIVAL
        ? festivals.find((f) => f.id === Number(process.env.FESTIVAL))!
        : festivals[0];
      if (!process.env.FESTIVAL) {
        const admin = await signIn(ADMIN_EMAIL, 'Admin Bench');
        const uploaders = await Promise.all(
          Array.from({ length: UPLOADERS }, (_, i) => signIn(`fotos${i}@festivales.bench`, `Fotógrafa ${i + 1}`)),
        );
        let original = 0;
        let confirmMs = 0;
        const started = Date.now();
        for (let i = 0; i < PHOTOS; i++) {
          const photo = await phonePhoto(i);
          original += photo.byteLength;
          const token = uploaders[i % UPLOADERS].token;
          const signed = await call(token, 'POST', '/api/media/upload-url', {
            festival_id: festival.id,
            fileName: `foto-${i}.jpg`,
            contentType: 'image/jpeg',
            fileSize: photo.byteLength,
          });
          const put = await fetch(new URL(signed.uploadUrl, base), {
            method: 'PUT',
            headers: signed.headers,
            body: photo as BodyInit,
          });
          if (!put.ok) throw new Error(`PUT ${signed.uploadUrl}: ${put.status} ${await put.text()}`);
          const t = Date.now();
          const media = await call(token, 'POST', '/api/media/confirm', { key: signed.key, caption: `Foto ${i + 1}` });
          confirmMs += Date.now() - t;
          await call(admin.token, 'PATCH', `/api/admin/media/${media.id}/approve`, { status: 'approved' });
        }
        const gallery = (await json(await fetch(`${base}/api/media/festival/${festival.id}`), 'gallery')) as {
          image?: { sources: unknown[] } | null;
        }[];
        const withCopies = gallery.filter((m) => (m.image?.sources.length ?? 0) > 0).length;
        console.log(
          `${PHOTOS} photos uploaded and approved on "${festival.name}" in ${((Date.now() - started) / 1000).toFixed(0)} s: ` +
            `${mb(original)} of JPEGs (${mb(original / PHOTOS)} each), confirm ${(confirmMs / PHOTOS).toFixed(0)} ms each on average; ` +
            `${withCopies} of ${gallery.length} in the gallery answer with copies`,
        );
        if (withCopies !== PHOTOS) failed = true;
      }

      const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args });
      try {
        const context = await browser.newContext({
          viewport: { width: 375, height: 812 },
          deviceScaleFactor: 2,
          isMobile: true,
          hasTouch: true,
          serviceWorkers: 'allow',
        });
        const result = await visit(context, `${base}/festival/${festival.id}`);
        await context.close();
        const report = (label: string, step: Step, budget: boolean) => {
          const bytes = (list: Transfer[]) => list.reduce((s, r) => s + r.bytes, 0);
          const pageBytes = bytes(step.page);
          const workerBytes = bytes(step.worker);
          const images = step.page.filter((r) => r.type === 'image');
          const copies = new Map<string, number>();
          for (const r of images) {
            const m = /-(\d+)\.(avif|webp)$/.exec(r.path);
            if (m && r.path.startsWith('/uploads/'))
              copies.set(`${m[1]} px ${m[2]}`, (copies.get(`${m[1]} px ${m[2]}`) ?? 0) + 1);
          }
          const originals = images.filter((r) => r.path.startsWith('/uploads/') && /\.jpe?g$/.test(r.path)).length;
          const ok = pageBytes + workerBytes <= BUDGET_BYTES && step.cls === 0 && originals === 0;
          if (budget && !ok) failed = true;
          console.log(
            `${label}: ${mb(pageBytes + workerBytes)} transferred${budget ? ' (budget 1.5 MB)' : ''}, ` +
              `CLS ${step.cls.toFixed(4)}${budget ? ` (budget 0) ${ok ? 'ok' : 'OVER'}` : ''}`,
          );
          console.log(
            `  page: ${step.page.length} requests, ${kb(pageBytes)}; images ${images.length}, ${kb(bytes(images))} ` +
              `(users' photos: ${[...copies].map(([k, n]) => `${n} × ${k}`).join(', ') || 'none'}; originals ${originals})`,
          );
          if (step.worker.length)
            console.log(
              `  fetched by the service worker (the app's precache after load, then the pictures it keeps): ${step.worker.length} requests, ${kb(workerBytes)}`,
            );
          for (const shift of step.shifts)
            console.log(
              `  layout shift ${shift.value.toFixed(4)} at ${shift.time.toFixed(0)} ms: ${shift.sources.join(', ')}`,
            );
        };
        report(`/festival/${festival.id} on a 375 px phone at 2x, first visit, before scrolling`, result.opened, true);
        report(`then 'Galería' tapped in the section links, the grid on screen: what that adds`, result.gallery, false);
      } finally {
        await browser.close();
      }
    },
    {
      port: process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : undefined,
      env: { GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_JWKS_URL: jwks.url, ADMIN_EMAILS: ADMIN_EMAIL, AUTH_DEV_LOGIN: '0' },
    },
  );
} finally {
  await jwks.close();
}
process.exitCode = failed ? 1 : 0;

interface Transfer {
  path: string;
  type: string;
  bytes: number;
}

interface Shift {
  value: number;
  time: number;
  sources: string[];
}

interface Step {
  page: Transfer[];
  worker: Transfer[];
  cls: number;
  shifts: Shift[];
}

/** Watches layout shifts from the first paint; a plain script, so no bundler helper leaks into the page. */
function observeShifts() {
  return `
  localStorage.setItem('cookie-consent', JSON.stringify({
    preferences: { essential: true, analytics: false, marketing: false, personalization: false },
    timestamp: new Date().toISOString(),
    version: '1.0',
  }));
  window.__shifts = [];
  new PerformanceObserver(function (list) {
    list.getEntries().forEach(function (entry) {
      if (entry.hadRecentInput) return;
      var sources = (entry.sources || []).map(function (s) {
        var el = s.node instanceof Element ? s.node : s.node && s.node.parentElement;
        return el
          ? el.tagName.toLowerCase() +
              (el.id ? '#' + el.id : '') +
              (typeof el.className === 'string' && el.className ? '.' + el.className.split(' ').join('.') : '')
          : '?';
      });
      window.__shifts.push({ value: entry.value, time: entry.startTime, sources: sources });
    });
  }).observe({ type: 'layout-shift', buffered: true });
`;
}

/**
 * Opens the page and waits until the network is quiet, the service worker has precached the app and
 * lazy images had their chance, without scrolling; then taps 'Galería' in the section links and
 * waits again. Every request's bytes as sent, the page's and the worker's apart, for each step.
 */
async function visit(context: BrowserContext, url: string): Promise<{ opened: Step; gallery: Step }> {
  await context.addInitScript(observeShifts());
  const page = await context.newPage();
  const transfers: { request: Request; worker: boolean }[] = [];
  context.on('requestfinished', (request) => transfers.push({ request, worker: Boolean(request.serviceWorker()) }));
  // Quiet: no request of the page or of its worker finished for 3 s (the page's networkidle does
  // not see the worker's precache).
  const settle = async () => {
    await page.waitForLoadState('networkidle');
    let seen = -1;
    while (seen !== transfers.length) {
      seen = transfers.length;
      await page.waitForTimeout(3000);
    }
  };
  const step = async (from: number, shiftsFrom: number): Promise<Step> => {
    const sized = await Promise.all(
      transfers.slice(from).map(async ({ request, worker }) => {
        const response = await request.response();
        // Answered by the worker from its cache: nothing crossed the network.
        const cached = !worker && (response?.fromServiceWorker() ?? false);
        const sizes = cached ? null : await request.sizes().catch(() => null);
        const bytes = sizes ? Math.max(0, sizes.responseBodySize) + Math.max(0, sizes.responseHeadersSize) : 0;
        return { worker, transfer: { path: new URL(request.url()).pathname, type: request.resourceType(), bytes } };
      }),
    );
    const shifts = ((await page.evaluate('window.__shifts')) as Shift[]).slice(shiftsFrom);
    return {
      page: sized.filter((s) => !s.worker).map((s) => s.transfer),
      worker: sized.filter((s) => s.worker).map((s) => s.transfer),
      cls: shifts.reduce((s, e) => s + e.value, 0),
      shifts,
    };
  };

  const started = Date.now();
  await page.goto(url, { waitUntil: 'networkidle' });
  await page
    .waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 90_000 })
    .then(() =>
      console.log(
        `  the service worker controls the page ${((Date.now() - started) / 1000).toFixed(1)} s after the navigation began`,
      ),
    )
    .catch((error: unknown) => console.log('  no service worker took control within 90 s', error));
  await settle();
  if ((await page.evaluate('window.scrollY')) !== 0) throw new Error('the page scrolled by itself');
  const opened = await step(0, 0);
  const [requestsBefore, shiftsBefore] = [transfers.length, opened.shifts.length];
  await page.getByRole('navigation', { name: 'Secciones del festival' }).getByRole('link', { name: 'Galería' }).click();
  await settle();
  const gallery = await step(requestsBefore, shiftsBefore);
  await page.close();
  return { opened, gallery };
}
