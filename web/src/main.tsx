// First, so that every component's own styles, bundled after them, can refine them.
import './styles/fonts.css';
import './styles/global.css';
import './styles/primitives.css';
import './styles/festival-hero.css';
// The toasts' styles with the site's rather than beside the shell's code, which made them a second
// render-blocking stylesheet of 639 bytes: a round trip before every first paint.
import './components/toast/toast.css';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppProvider } from './app/provider';
import { AppRouter } from './app/router';
import { putEarlyAnswers, type EarlyAnswer } from './lib/early-request';

/**
 * Starts the app. The boot entry (src/boot/boot.ts) imports this module after the first paint and
 * hands over what it already asked for (`early`), which goes into the client store as initial data. index.html holds the shell the build rendered from
 * these same components (src/boot/static-markup.tsx): React hydrates it, keeping its elements, and
 * then draws the screen at the address. Hydration works in slices of a few milliseconds, yielding
 * to the browser between them, so taps and keys are answered meanwhile (and replayed to the
 * elements they were meant for).
 */
export function start(early: EarlyAnswer[] = []): void {
  putEarlyAnswers(early);
  const container = document.getElementById('root')!;
  const app = (
    <StrictMode>
      <AppProvider>
        <AppRouter />
      </AppProvider>
    </StrictMode>
  );
  if (container.firstElementChild) hydrateRoot(container, app);
  else startTransition(() => createRoot(container).render(app));
}
