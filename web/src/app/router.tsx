import { createBrowserRouter, Navigate, RouterProvider } from 'react-router-dom';
import { RootLayout } from './routes/root-layout';
import { TokenGroup } from './routes/token-group';
import { RouteError } from './routes/route-error';
import { HomeRoute } from './routes/home';

/**
 * The route table: / is a layout whose index is the home; a nested group reads the
 * stored sign-in token; unknown paths go to / (replace). The home, the landing page, is part of the
 * entry (every visit downloaded it anyway); every other screen is split out and loaded on demand.
 */
export const router = createBrowserRouter([
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      { index: true, Component: HomeRoute },
      { path: 'favorites', lazy: () => import('./routes/favorites').then((m) => ({ Component: m.FavoritesRoute })) },
      { path: 'map', lazy: () => import('./routes/map').then((m) => ({ Component: m.MapRoute })) },
      { path: 'cuenta', lazy: () => import('./routes/account').then((m) => ({ Component: m.AccountRoute })) },
      { path: 'proponer', lazy: () => import('./routes/propose').then((m) => ({ Component: m.ProposeRoute })) },
      { path: 'admin', lazy: () => import('./routes/admin').then((m) => ({ Component: m.AdminRoute })) },
      { path: 'calendar', lazy: () => import('./routes/calendar').then((m) => ({ Component: m.CalendarRoute })) },
      { path: 'artistas', lazy: () => import('./routes/artists').then((m) => ({ Component: m.ArtistsRoute })) },
      { path: 'artista/:artistId/:slug', lazy: () => import('./routes/artist').then((m) => ({ Component: m.ArtistRoute })) },
      { path: 'artista/:artistId', lazy: () => import('./routes/artist').then((m) => ({ Component: m.ArtistRoute })) },
      {
        element: <TokenGroup />,
        children: [
          { path: 'festival/:festivalId/:slug/horario', lazy: () => import('./routes/timetable').then((m) => ({ Component: m.TimetableRoute })) },
          { path: 'festival/:festivalId/:slug', lazy: () => import('./routes/festival').then((m) => ({ Component: m.FestivalRoute })) },
          { path: 'festival/:festivalId', lazy: () => import('./routes/festival').then((m) => ({ Component: m.FestivalRoute })) },
          { path: 'about', lazy: () => import('./routes/about').then((m) => ({ Component: m.AboutRoute })) },
          { path: 'legal-notice', lazy: () => import('./routes/legal-notice').then((m) => ({ Component: m.LegalNoticeRoute })) },
          { path: 'privacy', lazy: () => import('./routes/privacy').then((m) => ({ Component: m.PrivacyRoute })) },
          { path: 'newsletter/:status', lazy: () => import('./routes/newsletter').then((m) => ({ Component: m.NewsletterRoute })) },
          { path: 'avisos/:status', lazy: () => import('./routes/alert-unsubscribe').then((m) => ({ Component: m.AlertUnsubscribeRoute })) },
          { path: 'contact', lazy: () => import('./routes/contact').then((m) => ({ Component: m.ContactRoute })) },
        ],
      },
      // Other addresses the cookie banner and footer link to, resolved to their pages.
      { path: 'privacy-policy', lazy: () => import('./routes/privacy').then((m) => ({ Component: m.PrivacyRoute })) },
      { path: 'legal', lazy: () => import('./routes/legal-notice').then((m) => ({ Component: m.LegalNoticeRoute })) },
      { path: 'help', lazy: () => import('./routes/help').then((m) => ({ Component: m.HelpRoute })) },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
