import { stripAccents } from './slug';
import { linkProvider, type ArtistLinkFields } from './artist-embeds';
import type { Billing } from './lineup-schemas';

/** A lineup pasted the way posters list it, read into entries. */

export interface PastedEntry {
  name: string;
  billing: Billing;
  /** YYYY-MM-DD when a weekday line placed it on a day of the edition. */
  day: string | null;
  stage: string | null;
  /** Profile addresses pasted with the name ('Amelie Lens https://soundcloud.com/amelielens'), by link. */
  links?: Partial<ArtistLinkFields>;
}

const URL_IN_TEXT = /https?:\/\/\S+/gi;

/** The profile addresses in a piece of a line, by the link each one is (the first of each kind). */
function linksIn(text: string): Partial<ArtistLinkFields> | undefined {
  const links: Partial<ArtistLinkFields> = {};
  for (const url of text.match(URL_IN_TEXT) ?? []) {
    const kind = linkProvider(url);
    if (kind && !links[kind]) links[kind] = url;
  }
  return Object.keys(links).length ? links : undefined;
}

const weekdays = ['domingo', 'lunes', 'martes', 'miercoles', 'jueves', 'viernes', 'sabado'];
const englishWeekdays = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const STAGE = /\b(stage|escenario|tent|arena|room|area|carpa|club|hall)\b/i;
/** Artists listed on one line: ' · ', ' • ', ' | ' or ' / ' between names. */
const SEPARATOR = /\s+[·•|/]\s+/;

function weekdayOf(line: string): number | null {
  const word =
    stripAccents(line.toLowerCase())
      .replace(/[^a-z]/g, ' ')
      .trim()
      .split(/\s+/)[0] ?? '';
  const i = weekdays.indexOf(word);
  if (i >= 0) return i;
  const j = englishWeekdays.indexOf(word);
  return j >= 0 ? j : null;
}

/** The date of the edition (start..end) falling on that weekday, if any. */
function dayIn(weekday: number, start: string | null, end: string | null): string | null {
  if (!start) return null;
  const from = new Date(`${start}T12:00:00Z`);
  const to = new Date(`${end ?? start}T12:00:00Z`);
  for (let d = from; d <= to; d = new Date(d.getTime() + 86_400_000)) {
    if (d.getUTCDay() === weekday) return d.toISOString().slice(0, 10);
  }
  return null;
}

/**
 * One artist per line. A weekday line ('Viernes', 'Sábado 12') starts a day, a line naming a stage
 * ('Main Stage', 'Escenario Carpa') or ending in ':' starts a stage; a line beginning with '*' is a
 * headliner. Several artists on one line separated by ' · ', ' | ' or ' / ' are split. A profile
 * address after a name, or alone on the next line, becomes that artist's link (SoundCloud, Spotify,
 * YouTube, Bandcamp, Resident Advisor, Instagram, else their website).
 */
export function parsePastedLineup(
  text: string,
  edition: { start_date: string | null; end_date: string | null },
): PastedEntry[] {
  const out: PastedEntry[] = [];
  let day: string | null = null;
  let stage: string | null = null;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim().replace(/\s+/g, ' ');
    if (!line) continue;
    const previous = out.at(-1);
    if (previous && line.replace(URL_IN_TEXT, '').trim() === '') {
      previous.links = { ...linksIn(line), ...previous.links };
      continue;
    }
    const weekday = weekdayOf(line);
    if (weekday !== null && line.split(' ').length <= 4) {
      day = dayIn(weekday, edition.start_date, edition.end_date);
      stage = null;
      continue;
    }
    if (line.endsWith(':') || (STAGE.test(line) && !SEPARATOR.test(line))) {
      stage = line.replace(/:$/, '').trim() || null;
      continue;
    }
    const headliner = line.startsWith('*');
    for (const part of line.replace(/^\*+\s*/, '').split(SEPARATOR)) {
      const name = part.replace(URL_IN_TEXT, '').trim();
      const links = linksIn(part);
      if (name)
        out.push({ name, billing: headliner ? 'headliner' : 'regular', day, stage, ...(links ? { links } : {}) });
    }
  }
  return out;
}
