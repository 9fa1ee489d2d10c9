import { festivalToIcs, icsFileName, type IcsFestival } from '#core/ics';
import { paths } from '../../config/paths';

/** 'Añadir a mi calendario': the festival as an .ics file the visitor's calendar app opens. */
export function downloadFestivalIcs(festival: IcsFestival): boolean {
  const url = `${window.location.origin}${paths.festival(festival.id, festival.name)}`;
  const ics = festivalToIcs(festival, { url, domain: window.location.hostname || 'festivales' });
  if (!ics) return false;
  const blob = new Blob([ics], { type: 'text/calendar;charset=utf-8' });
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = icsFileName(festival);
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(href), 1000);
  return true;
}
