import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Outlet } from 'react-router-dom';
import { OnPathChange } from '../../lib/on-path-change';
import { whenIdle } from '../../lib/when-idle';
import { useHydrated } from '../../lib/use-hydrated';
import { Header } from '../../components/layout/header';
import { useListenQueue } from '../../lib/listen-queue';
// With the shell, not lazily: on a first visit the banner is the largest paint of every screen, and
// a chunk of its own put it (and the page's largest-paint time) a whole download after the first render.
import { CookieConsentBanner } from '../../features/cookies/components/cookie-consent';

// Parts of the shell that the first paint does not need (the footer is below the fold) load on their
// own (they stay out of the home's first-load JavaScript budget, docs/decisions/005).
// The footer (with the newsletter form) and the app's status messages (which register the service
// worker) are asked for only once the first screen is drawn and the browser is idle: on a phone their
// nine files and their first render otherwise came before the home's first cards, its largest paint.
const SignInButton = lazy(() =>
  import('../../features/auth/components/sign-in-button').then((m) => ({ default: m.SignInButton })),
);
const NotificationBell = lazy(() =>
  import('../../features/notifications/components/notification-bell').then((m) => ({ default: m.NotificationBell })),
);
const NewsletterForm = lazy(() =>
  import('../../features/newsletter/components/newsletter-form').then((m) => ({ default: m.NewsletterForm })),
);
const Footer = lazy(() => import('../../components/layout/footer').then((m) => ({ default: m.Footer })));
// 'Escuchar el cartel': loaded when a queue starts, and kept across screens since the shell stays.
const ListenBar = lazy(() => import('../../components/player/listen-bar').then((m) => ({ default: m.ListenBar })));
const PwaStatus = lazy(() =>
  import('../../features/pwa/components/pwa-status').then((m) => ({ default: m.PwaStatus })),
);

/** The shell around every screen; screens scroll smoothly to the top on entry. */
export function RootLayout() {
  const main = useRef<HTMLElement>(null);
  const [screenDrawn, setScreenDrawn] = useState(false);
  const [restShown, setRestShown] = useState(false);
  // The build renders the shell without a screen (src/boot/static-markup.tsx): the screen at the
  // address is drawn once the app has taken the shell over.
  const hydrated = useHydrated();
  const listening = useListenQueue() !== null;
  useEffect(() => (screenDrawn ? whenIdle(() => setRestShown(true), 2000) : undefined), [screenDrawn]);
  const enterScreen = useCallback(() => {
    window.scrollTo({ top: 0, behavior: 'smooth' });
    // Screen readers start at the new screen, not at the link that was activated.
    main.current?.focus({ preventScroll: true });
  }, []);

  return (
    <>
      <a className="skip-link" href="#main">
        Saltar al contenido
      </a>
      <Header
        notifications={
          <Suspense fallback={<span className="btn-icon" />}>
            <NotificationBell />
          </Suspense>
        }
        renderSignIn={(compact) => (
          <Suspense fallback={<span className={compact ? undefined : 'header-account-placeholder'} />}>
            <SignInButton compact={compact} />
          </Suspense>
        )}
      />
      <main id="main" ref={main} tabIndex={-1}>
        {/* A screen's code loading on a first visit; on later navigations the screen left stays shown meanwhile. */}
        {hydrated ? (
          <Suspense fallback={null}>
            <Outlet />
            {screenDrawn ? null : <OnCommit run={() => setScreenDrawn(true)} />}
          </Suspense>
        ) : null}
      </main>
      {restShown ? (
        <>
          <Suspense fallback={null}>
            <Footer
              newsletter={
                <Suspense fallback={<div style={{ minHeight: 44 }} />}>
                  <NewsletterForm />
                </Suspense>
              }
            />
          </Suspense>
          <Suspense fallback={null}>
            <PwaStatus />
          </Suspense>
        </>
      ) : null}
      {hydrated && listening ? (
        <Suspense fallback={null}>
          <ListenBar />
        </Suspense>
      ) : null}
      <CookieConsentBanner />
      {/* Last: its effect runs after the new screen's own, as the layout's did. */}
      <OnPathChange onChange={enterScreen} />
    </>
  );
}

/**
 * Calls `run` once it is committed. Beside the screen inside its Suspense boundary, it commits only
 * with the screen itself, not while the screen's code is still loading.
 */
function OnCommit({ run }: { run: () => void }) {
  useEffect(run, [run]);
  return null;
}
