// First, so that every component's own styles, bundled after them, can refine them.
import './styles/fonts.css';
import './styles/global.css';
import './styles/primitives.css';
import './styles/festival-hero.css';
// The toasts' styles with the site's rather than beside the shell's code, which made them a second
// render-blocking stylesheet of 639 bytes: a round trip before every first paint.
import './components/toast/toast.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from './app/provider';
import { AppRouter } from './app/router';

// index.html paints a static header first and imports this module after that paint (web/vite.config.ts);
// its boot script also preloads the home's first card picture, the home's largest paint.
// The first render is a transition: React draws the whole shell and screen in slices of a few
// milliseconds, yielding to the browser between them, instead of in one long task that would hold
// every tap and key meanwhile. The static header and cookie banner stay on view until it commits.
const root = createRoot(document.getElementById('root')!);
startTransition(() =>
  root.render(
    <StrictMode>
      <AppProvider>
        <AppRouter />
      </AppProvider>
    </StrictMode>,
  ),
);
