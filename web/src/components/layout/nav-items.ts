import { paths } from '../../config/paths';

/** spec §2 navigation. */
export const mainNav = [
  { to: paths.home(), label: 'Inicio' },
  { to: paths.map(), label: 'Mapa' },
  { to: paths.favorites(), label: 'Favoritos' },
  { to: paths.calendar(), label: 'Calendario' },
] as const;
