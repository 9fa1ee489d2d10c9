import { MAP_TILE_URL } from '#core/map-layout';
import { allAccepted, onlyEssential, readConsent, saveConsent } from '../features/cookies/api/consent';
import {
  COOKIE_CHOICE_ATTRIBUTE,
  CONFIGURE_ASKED_ATTRIBUTE,
  STATIC_COOKIE_BANNER_ID,
} from '../features/cookies/api/static-banner';
import type { EarlyAnswer } from '../lib/early-request';
import { bootAssets as assets } from './boot-assets';
import { earlyReads, festivalIdOf } from './early-reads';
import { startMapCopy } from './map-copy';

/**
 * The first script of every page (index.html loads it; web/vite.config.ts bundles it after the app,
 * as assets/boot-<hash>.js: the Content-Security-Policy allows no inline script). It runs once the
 * document is parsed, over the shell the build rendered from the app's own components (the header,
 * the cookie banner: src/boot/static-markup.tsx), which the app then hydrates in place:
 *
 * - At once: shows the cookie banner when no choice is stored, so a first visit paints it with the
 *   header instead of seconds later with the app (it is the largest paint of most screens then). A
 *   choice made on it before the app starts is stored as the app stores it, or handed to the app
 *   ('Configurar').
 * - At once on /map without a search: the map's first screen with its tiles and markers (map-copy.ts).
 * - Once the first paint is on screen: the code, and alongside it what the screen at the address
 *   reads first (early-reads.ts), handed to the app's start, which puts it in its store.
 */

interface AppEntry {
  start: (early: EarlyAnswer[]) => void;
}

/** The banner's buttons before the app has hydrated them. */
function bannerChoice(event: Event): void {
  const target = event.target instanceof Element ? event.target.closest(`[${COOKIE_CHOICE_ATTRIBUTE}]`) : null;
  const choice = target?.getAttribute(COOKIE_CHOICE_ATTRIBUTE);
  if (choice === 'configure') document.documentElement.setAttribute(CONFIGURE_ASKED_ATTRIBUTE, '');
  if (choice !== 'all' && choice !== 'essential') return;
  saveConsent(choice === 'all' ? allAccepted : onlyEssential);
  (event.currentTarget as HTMLElement).hidden = true;
}

const banner = document.getElementById(STATIC_COOKIE_BANNER_ID);
if (banner && !readConsent()) {
  banner.hidden = false;
  banner.addEventListener('click', bannerChoice);
}

function link(rel: string, href: string, as?: string): void {
  const element = Object.assign(document.createElement('link'), { rel, href, crossOrigin: '' });
  if (as) element.as = as;
  document.head.append(element);
}

const path = location.pathname;
const screen = assets.screens[path];
const festival = festivalIdOf(path);
const map = path === '/map';
// A map opened on a search or a place ('Cerca de') is drawn by the app alone.
const mapCopy = map && !location.search;
const early: EarlyAnswer[] = mapCopy ? [startMapCopy(assets)] : [];

function start(): void {
  early.push(...earlyReads(location));
  if (screen) for (const href of screen.styles) link('preload', href, 'style');
  if (festival) for (const href of assets.festivalPage.styles) link('preload', href, 'style');
  if (map && !mapCopy) {
    for (const href of assets.mapPage.styles) link('preload', href, 'style');
    link('preconnect', new URL(MAP_TILE_URL).origin);
  }
  for (const href of assets.preloads) link('modulepreload', href);
  if (screen) for (const href of screen.scripts) link('modulepreload', href);
  if (festival) for (const href of assets.festivalPage.scripts) link('modulepreload', href);
  if (map) for (const href of assets.mapPage.scripts) link('modulepreload', href);
  void (import(/* @vite-ignore */ assets.entry) as Promise<AppEntry>).then((app) => {
    // From here the app's own buttons answer (hydrated in place, presses meanwhile replayed).
    banner?.removeEventListener('click', bannerChoice);
    app.start(early);
  });
}

// Once the first paint is on screen (its 'first-contentful-paint' entry): what starts before it
// shares the network with the page's only stylesheet and font. A browser that reports no paint
// starts a quarter of a second after its first frame; a hidden page at once.
let started = false;
const go = () => {
  if (started) return;
  started = true;
  start();
};
if (document.hidden) go();
else {
  try {
    new PerformanceObserver((list, observer) => {
      if (list.getEntriesByName('first-contentful-paint').length) {
        observer.disconnect();
        setTimeout(go);
      }
    }).observe({ type: 'paint', buffered: true });
  } catch {
    // No paint timing: the frame below starts it.
  }
  requestAnimationFrame(() => setTimeout(go, 250));
}
