import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkOnly } from 'workbox-strategies';

declare const self: ServiceWorkerGlobalScope;

/**
 * The app shell: index.html, every script, stylesheet and font of this build, precached at install.
 * One build's files are served together: a new build's worker waits (no skipWaiting at install)
 * until the page asks for it ('Actualizar'), then every open tab reloads onto it, so a tab never
 * runs an old entry against new chunks or the other way round.
 */
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// The first worker of a site controls the page that installed it at once (same build), so what the
// first visit reads is already kept for offline use.
clientsClaim();

/**
 * A festival's page comes from the network first: the server writes its hero (picture, name, dates)
 * into the HTML with the picture's preload, drawn with the first paint, where the precached
 * index.html waits for the code, the festival's data and React. Without an answer (offline, or no
 * answer within a few seconds on a bad signal) it is the precached app like every other screen.
 */
const SHELL_WAIT_SECONDS = 4;
registerRoute(
  new NavigationRoute(
    new NetworkOnly({
      networkTimeoutSeconds: SHELL_WAIT_SECONDS,
      plugins: [{ handlerDidError: async () => (await matchPrecache('/index.html')) ?? Response.error() }],
    }),
    { allowlist: [/^\/festival\/\d+(?:\/|$)/] },
  ),
);

// Every other screen is the SPA: navigations get the precached index.html, online or not. The API,
// uploads and the files the server writes itself go to the network.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [
      /^\/api\//,
      /^\/uploads\//,
      /^\/robots\.txt$/,
      /^\/sitemap\.xml$/,
      /^\/sitemaps\//,
      /^\/sw\.js$/,
      /\.webmanifest$/,
    ],
  }),
);

/** The page's 'Actualizar' (web/src/features/pwa): the waiting worker takes over. */
self.addEventListener('message', (event) => {
  if (event.data?.type === 'SKIP_WAITING') void self.skipWaiting();
});
