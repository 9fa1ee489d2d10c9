import { paths } from '../../config/paths';

/** The main navigation: Inicio, Mapa, Favoritos, Calendario. */
export const mainNav = [
  { to: paths.home(), label: 'Inicio' },
  { to: paths.map(), label: 'Mapa' },
  { to: paths.favorites(), label: 'Favoritos' },
  { to: paths.calendar(), label: 'Calendario' },
] as const;
