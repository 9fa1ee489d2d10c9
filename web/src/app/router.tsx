import { Component, lazy, type ComponentType, type ReactNode } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { RootLayout } from './routes/root-layout';
import { TokenGroup } from './routes/token-group';
import { RouteError } from './routes/route-error';
import { HomeRoute } from './routes/home';

/** A screen loaded on demand: its chunk is fetched the first time the route is drawn. */
function screen<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return lazy(() => load().then((m) => ({ default: m[name] })));
}

const FavoritesRoute = screen(() => import('./routes/favorites'), 'FavoritesRoute');
const MapRoute = screen(() => import('./routes/map'), 'MapRoute');
const AccountRoute = screen(() => import('./routes/account'), 'AccountRoute');
const ProposeRoute = screen(() => import('./routes/propose'), 'ProposeRoute');
const AdminRoute = screen(() => import('./routes/admin'), 'AdminRoute');
const OrganizerRoute = screen(() => import('./routes/organizer'), 'OrganizerRoute');
const CalendarRoute = screen(() => import('./routes/calendar'), 'CalendarRoute');
const ArtistsRoute = screen(() => import('./routes/artists'), 'ArtistsRoute');
const ArtistRoute = screen(() => import('./routes/artist'), 'ArtistRoute');
const TimetableRoute = screen(() => import('./routes/timetable'), 'TimetableRoute');
const PlanRoute = screen(() => import('./routes/plan'), 'PlanRoute');
const PlanJoinRoute = screen(() => import('./routes/plan'), 'PlanJoinRoute');
const FestivalRoute = screen(() => import('./routes/festival'), 'FestivalRoute');
const AboutRoute = screen(() => import('./routes/about'), 'AboutRoute');
const LegalNoticeRoute = screen(() => import('./routes/legal-notice'), 'LegalNoticeRoute');
const PrivacyRoute = screen(() => import('./routes/privacy'), 'PrivacyRoute');
const NewsletterRoute = screen(() => import('./routes/newsletter'), 'NewsletterRoute');
const AlertUnsubscribeRoute = screen(() => import('./routes/alert-unsubscribe'), 'AlertUnsubscribeRoute');
const ContactRoute = screen(() => import('./routes/contact'), 'ContactRoute');
const HelpRoute = screen(() => import('./routes/help'), 'HelpRoute');

/** A screen that throws or whose code cannot be fetched (after a deploy) shows RouteError instead of the site. */
class ScreenErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  state = { error: undefined as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error('Error desconocido') };
  }

  render() {
    return this.state.error === undefined ? this.props.children : <RouteError error={this.state.error} />;
  }
}

/**
 * The route table: / is a layout whose index is the home; a nested group reads the stored sign-in
 * token; unknown paths go to / (replace). The home, the landing page, is part of the entry (every
 * visit downloaded it anyway); every other screen is split out and loaded on demand.
 *
 * Declarative routes (BrowserRouter) rather than a data router: no screen uses loaders, actions or
 * fetchers, and the data router's code is about 18 KB (gzip) of the first load that every visit
 * paid to parse and run before the first render. Navigations still commit in a transition, so the
 * screen being left stays on view while the next one's code arrives (the layout's Suspense).
 */
export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}

/** The routes, under the browser's router in the app and under a static one where the build renders the shell. */
export function AppRoutes() {
  return (
    <ScreenErrorBoundary>
      <Routes>
        <Route path="/" element={<RootLayout />}>
          <Route index element={<HomeRoute />} />
          <Route path="favorites" element={<FavoritesRoute />} />
          <Route path="map" element={<MapRoute />} />
          <Route path="cuenta" element={<AccountRoute />} />
          <Route path="proponer" element={<ProposeRoute />} />
          <Route path="admin" element={<AdminRoute />} />
          <Route path="organizador" element={<OrganizerRoute />} />
          <Route path="calendar" element={<CalendarRoute />} />
          <Route path="artistas" element={<ArtistsRoute />} />
          <Route path="artista/:artistId/:slug" element={<ArtistRoute />} />
          <Route path="artista/:artistId" element={<ArtistRoute />} />
          <Route element={<TokenGroup />}>
            <Route path="festival/:festivalId/:slug/horario" element={<TimetableRoute />} />
            <Route path="planes/unirse/:token" element={<PlanJoinRoute />} />
            <Route path="planes/:planId" element={<PlanRoute />} />
            <Route path="festival/:festivalId/:slug" element={<FestivalRoute />} />
            <Route path="festival/:festivalId" element={<FestivalRoute />} />
            <Route path="about" element={<AboutRoute />} />
            <Route path="legal-notice" element={<LegalNoticeRoute />} />
            <Route path="privacy" element={<PrivacyRoute />} />
            <Route path="newsletter/:status" element={<NewsletterRoute />} />
            <Route path="avisos/:status" element={<AlertUnsubscribeRoute />} />
            <Route path="contact" element={<ContactRoute />} />
          </Route>
          {/* Other addresses the cookie banner and footer link to, resolved to their pages. */}
          <Route path="privacy-policy" element={<PrivacyRoute />} />
          <Route path="legal" element={<LegalNoticeRoute />} />
          <Route path="help" element={<HelpRoute />} />
          <Route path="*" element={<Navigate to="/" replace />} />
        </Route>
      </Routes>
    </ScreenErrorBoundary>
  );
}
