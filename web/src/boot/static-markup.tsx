import { StrictMode } from 'react';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { AppProvider } from '../app/provider';
import { AppRoutes } from '../app/router';
import { MapFirstScreen } from '../features/map/components/map-heading';

/**
 * The first paint's markup, rendered at build from the app's own components (web/vite.config.ts
 * writes it into index.html), so there is one source of markup:
 *
 * - `shell`: the app as it first renders before it knows the address, the session or a stored choice
 *   (useHydrated): the header and the hidden cookie banner, no screen. main.tsx hydrates it: React
 *   takes these very elements over instead of replacing them.
 * - `mapFirstScreen`: the map page's first screen, which the boot entry draws on /map before the app
 *   has loaded (src/boot/map-copy.ts).
 */
export function renderFirstPaint(): { shell: string; mapFirstScreen: string } {
  const shell = renderToString(
    <StrictMode>
      <AppProvider>
        {/* An address no link of the header names: the current screen's link is the app's to mark. */}
        <StaticRouter location="/shell">
          <AppRoutes />
        </StaticRouter>
      </AppProvider>
    </StrictMode>,
  );
  return { shell, mapFirstScreen: renderToStaticMarkup(<MapFirstScreen />) };
}
