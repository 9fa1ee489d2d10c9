/*
 * Clock times in a given zone, apart from the zone lookup (time-zone.ts): a page that already knows
 * the festival's zone (its answer carries it) formats with these without downloading the zone map.
 */
const formats = new Map<string, Intl.DateTimeFormat>();
/** One formatter per zone and shape (building them is the slow part). `zone` undefined: the device's. */
export function formatter(
  zone: string | null | undefined,
  options: Intl.DateTimeFormatOptions,
  locale = 'es-ES',
): Intl.DateTimeFormat {
  const key = `${locale}|${zone ?? ''}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { ...options, timeZone: zone ?? undefined });
    formats.set(key, format);
  }
  return format;
}

/** '20:30' on the festival's clock. */
export const clockTime = (date: Date, zone: string | null | undefined) =>
  formatter(zone, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(date);
