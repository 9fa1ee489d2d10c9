/**
 * Every call of the public API contract (method, path with sample ids) and the area that must serve it,
 * written here independently of infra/api-areas.ts, so the tests check that list against it.
 * Plus the calls we add beyond that contract ('ours': contact messages are
 * stored for real, share pages, robots.txt and the sitemap).
 */
export interface SpecRoute {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  area: string;
  source: 'contract' | 'ours';
}

const r = (
  method: SpecRoute['method'],
  path: string,
  area: string,
  source: SpecRoute['source'] = 'contract',
): SpecRoute => ({
  method,
  path,
  area,
  source,
});

export const specRoutes: SpecRoute[] = [
  // User and auth
  r('GET', '/api/users/profile', 'users'),
  r('POST', '/api/users/auth/google', 'users'),
  // Notifications, newsletter
  r('GET', '/api/notifications', 'notifications'),
  r('PATCH', '/api/notifications/1/read', 'notifications'),
  r('POST', '/api/newsletter/subscribe', 'newsletter'),
  // Favourites
  r('GET', '/api/favorites', 'favorites'),
  r('POST', '/api/favorites/1', 'favorites'),
  r('DELETE', '/api/favorites/1', 'favorites'),
  r('POST', '/api/favorites/sync', 'favorites'),
  // Festivals
  r('GET', '/api/festivals', 'festivals'),
  r('GET', '/api/festivals/1', 'festivals'),
  r('POST', '/api/festivals', 'festivals'),
  r('DELETE', '/api/festivals/1', 'festivals'),
  // Media and gallery
  r('POST', '/api/media', 'media'),
  r('GET', '/api/media/festival/1', 'media'),
  r('POST', '/api/gallery/1/rate', 'media'),
  r('POST', '/api/media/1/report', 'media'),
  // Comments
  r('GET', '/api/comments/festival/1', 'comments'),
  r('POST', '/api/comments', 'comments'),
  r('POST', '/api/comments/with-media', 'comments'),
  r('DELETE', '/api/comments/1', 'comments'),
  // Admin
  r('GET', '/api/admin/pending-festivals', 'admin'),
  r('GET', '/api/admin/festivals', 'admin'),
  r('GET', '/api/admin/pending-media', 'admin'),
  r('GET', '/api/admin/media', 'admin'),
  r('GET', '/api/admin/users', 'admin'),
  r('GET', '/api/admin/comments/pending', 'admin'),
  r('GET', '/api/admin/media-reports', 'admin'),
  r('PATCH', '/api/admin/festivals/1/approve', 'admin'),
  r('PATCH', '/api/admin/media/1/approve', 'admin'),
  r('GET', '/api/admin/media/1/hide', 'admin'),
  r('DELETE', '/api/admin/media-reports/1', 'admin'),
  r('POST', '/api/admin/festivals', 'admin'),
  r('PUT', '/api/admin/festivals/1', 'admin'),
  r('DELETE', '/api/admin/festivals/1', 'admin'),
  r('POST', '/api/admin/media', 'admin'),
  r('PUT', '/api/admin/media/1', 'admin'),
  r('DELETE', '/api/admin/media/1', 'admin'),
  r('PUT', '/api/admin/comments/1/approve', 'admin'),
  r('PUT', '/api/admin/comments/1/reject', 'admin'),
  r('POST', '/api/admin/upload/get-signed-url', 'admin'),
  r('POST', '/api/admin/upload/confirm', 'admin'),
  // Contact messages are stored, not only simulated in the browser.
  r('POST', '/api/contact', 'contact', 'ours'),
  // The API's OpenAPI document and its Swagger UI page (with the page's own files).
  r('GET', '/api/openapi.json', 'docs', 'ours'),
  r('GET', '/api/docs', 'docs', 'ours'),
  r('GET', '/api/docs/swagger-ui-bundle.js', 'docs', 'ours'),
  // Follows, saved searches, push subscriptions and preferences
  r('GET', '/api/follows', 'alerts', 'ours'),
  r('POST', '/api/follows/artists/1', 'alerts', 'ours'),
  r('DELETE', '/api/follows/artists/1', 'alerts', 'ours'),
  r('GET', '/api/alerts', 'alerts', 'ours'),
  r('POST', '/api/alerts', 'alerts', 'ours'),
  r('PUT', '/api/alerts/1', 'alerts', 'ours'),
  r('DELETE', '/api/alerts/1', 'alerts', 'ours'),
  r('GET', '/api/push/vapid-public-key', 'alerts', 'ours'),
  r('POST', '/api/push/subscriptions', 'alerts', 'ours'),
  r('DELETE', '/api/push/subscriptions', 'alerts', 'ours'),
  r('GET', '/api/users/preferences', 'users', 'ours'),
  r('PUT', '/api/users/preferences', 'users', 'ours'),
  r('GET', '/api/users/me/export', 'users', 'ours'),
  r('DELETE', '/api/users/me', 'users', 'ours'),
  // An edition's price history (served by the festivals function)
  r('GET', '/api/editions/1/price-history', 'festivals', 'ours'),
  // 'Mi horario': my picks, a read-only link, the picks as a calendar (served by the festivals function)
  r('GET', '/api/timetables/1', 'festivals', 'ours'),
  r('PUT', '/api/timetables/1', 'festivals', 'ours'),
  r('POST', '/api/timetables/1/share', 'festivals', 'ours'),
  r('DELETE', '/api/timetables/1/share', 'festivals', 'ours'),
  r('GET', '/api/timetables/shared/00000000-0000-4000-8000-000000000000', 'festivals', 'ours'),
  r('GET', '/api/timetables/1/calendar.ics?picks=1', 'festivals', 'ours'),
  // 'Voy' / 'Me interesa' and plans with friends (served by the festivals function)
  r('PUT', '/api/festivals/1/attendance', 'festivals', 'ours'),
  r('GET', '/api/attendance', 'festivals', 'ours'),
  r('POST', '/api/plans', 'festivals', 'ours'),
  r('GET', '/api/plans', 'festivals', 'ours'),
  r('GET', '/api/plans/1', 'festivals', 'ours'),
  r('POST', '/api/plans/join', 'festivals', 'ours'),
  r('POST', '/api/plans/1/invite', 'festivals', 'ours'),
  r('DELETE', '/api/plans/1/members/2', 'festivals', 'ours'),
  r('DELETE', '/api/plans/1', 'festivals', 'ours'),
  r('POST', '/api/plans/1/meeting-points', 'festivals', 'ours'),
  r('DELETE', '/api/plans/1/meeting-points/1', 'festivals', 'ours'),
  r('PUT', '/api/plans/1/notifications', 'festivals', 'ours'),
  // Organisers: claims, the desk, 'Novedades' and live set changes; the admin's side of them
  r('POST', '/api/festivals/1/claims', 'festivals', 'ours'),
  r('GET', '/api/festivals/1/updates', 'festivals', 'ours'),
  r('GET', '/api/festivals/1/changes', 'festivals', 'ours'),
  r('GET', '/api/feeds/festivals/1/novedades.rss', 'feeds', 'ours'),
  r('POST', '/api/claims/1/verify', 'organizer', 'ours'),
  r('GET', '/api/claims', 'organizer', 'ours'),
  r('GET', '/api/organizer/festivals', 'organizer', 'ours'),
  r('PUT', '/api/organizer/festivals/1', 'organizer', 'ours'),
  r('POST', '/api/organizer/festivals/1/editions', 'organizer', 'ours'),
  r('PUT', '/api/organizer/editions/1', 'organizer', 'ours'),
  r('PUT', '/api/organizer/editions/1/lineup', 'organizer', 'ours'),
  r('PUT', '/api/organizer/editions/1/tickets', 'organizer', 'ours'),
  r('PUT', '/api/organizer/editions/1/tiers', 'organizer', 'ours'),
  r('PUT', '/api/organizer/editions/1/conditions', 'organizer', 'ours'),
  r('PUT', '/api/organizer/editions/1/accessibility', 'organizer', 'ours'),
  r('POST', '/api/organizer/festivals/1/updates', 'organizer', 'ours'),
  r('PATCH', '/api/organizer/sets/1', 'organizer', 'ours'),
  r('GET', '/api/admin/claims', 'admin', 'ours'),
  r('PATCH', '/api/admin/claims/1', 'admin', 'ours'),
  r('GET', '/api/admin/festivals/1/organizers', 'admin', 'ours'),
  r('POST', '/api/admin/festivals/1/organizers', 'admin', 'ours'),
  r('DELETE', '/api/admin/festivals/1/organizers/2', 'admin', 'ours'),
  r('GET', '/api/admin/festivals/1/history', 'admin', 'ours'),
  r('POST', '/api/admin/changes/1/revert', 'admin', 'ours'),
  r('DELETE', '/api/admin/updates/1', 'admin', 'ours'),
  // Imports from a festival's own pages, and the admins' bulk import
  r('POST', '/api/import/preview', 'organizer', 'ours'),
  r('POST', '/api/import/apply', 'organizer', 'ours'),
  r('POST', '/api/admin/import/festivals', 'admin', 'ours'),
  r('GET', '/api/admin/sources', 'admin', 'ours'),
  r('POST', '/api/admin/sources', 'admin', 'ours'),
  r('DELETE', '/api/admin/sources/1', 'admin', 'ours'),
  r('GET', '/api/admin/detected-changes', 'admin', 'ours'),
  r('POST', '/api/admin/detected-changes/1/apply', 'admin', 'ours'),
  r('POST', '/api/admin/detected-changes/1/dismiss', 'admin', 'ours'),
  r('GET', '/api/organizer/detected-changes', 'organizer', 'ours'),
  r('POST', '/api/organizer/detected-changes/1/apply', 'organizer', 'ours'),
  r('POST', '/api/organizer/detected-changes/1/dismiss', 'organizer', 'ours'),
];

/**
 * Pages that are not /api calls but must reach a function: share previews (link previews need the
 * festival in the HTML), robots, the sitemap and its numbered parts.
 */
export const pageRoutes: SpecRoute[] = [
  r('GET', '/festival/1/sonar-barcelona', 'pages', 'ours'),
  r('GET', '/artista/1/amelie-lens', 'pages', 'ours'),
  r('GET', '/robots.txt', 'pages', 'ours'),
  r('GET', '/sitemap.xml', 'pages', 'ours'),
  r('GET', '/sitemaps/festivales-1.xml', 'pages', 'ours'),
];
