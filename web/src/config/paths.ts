import { artistPath } from '#core/lineup-view';
import { slugify } from '#core/slug';

/** Every URL of the SPA, built in one place so the slug rule lives here. */
export const paths = {
  home: () => '/',
  favorites: () => '/favorites',
  map: () => '/map',
  calendar: () => '/calendar',
  propose: () => '/proponer',
  account: () => '/cuenta',
  admin: () => '/admin',
  /** The organiser's desk; with a festival id, its claim ('¿Organizas este festival?'). */
  organizer: (claim?: number) => (claim ? `/organizador?reclamar=${claim}` : '/organizador'),
  festival: (id: number, name?: string | null) => {
    const slug = name ? slugify(name) : '';
    return slug ? `/festival/${id}/${slug}` : `/festival/${id}`;
  },
  /** 'Mi horario' of a festival; the slug is required by the route (festival/{id}/{slug}/horario). */
  timetable: (id: number, name?: string | null) =>
    `/festival/${id}/${(name ? slugify(name) : '') || 'festival'}/horario`,
  /** A plan with friends, and where its invitation link leads. */
  plan: (id: number) => `/planes/${id}`,
  planJoin: (token: string) => `/planes/unirse/${token}`,
  artist: (id: number, slug?: string | null) => artistPath(id, slug),
  artists: () => '/artistas',
  about: () => '/about',
  legal: () => '/legal-notice',
  privacy: () => '/privacy',
  contact: () => '/contact',
  help: () => '/help',
};
