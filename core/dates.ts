import { stripAccents } from './slug';

const missingDate = 'Fecha no disponible';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

// Spanish names written out, not read from Intl: the first Intl formatter a page builds loads the
// runtime's Spanish locale data, about 200 ms of a phone's main thread (docs/decisions/061), and the
// home's cards need only these words. core/dates.test.ts checks they are the words Intl gives.
/** 'enero' ... 'diciembre'. */
export const monthNames: readonly string[] = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
];
/** 'lunes' ... 'domingo'. */
export const weekdayNames: readonly string[] = [
  'lunes',
  'martes',
  'miércoles',
  'jueves',
  'viernes',
  'sábado',
  'domingo',
];
/** 'lun' ... 'dom'. */
export const weekdayShortNames: readonly string[] = ['lun', 'mar', 'mié', 'jue', 'vie', 'sáb', 'dom'];
/** 'ene' ... 'dic', as Intl abbreviates them ('sept'). */
export const monthShortNames: readonly string[] = [
  'ene',
  'feb',
  'mar',
  'abr',
  'may',
  'jun',
  'jul',
  'ago',
  'sept',
  'oct',
  'nov',
  'dic',
];

/** Month names a person may type: the full and short names, and the variants Spain and America use for September. */
const spanishMonths = new Map<string, number>([
  ...monthNames.map((name, i) => [name, i + 1] as const),
  ...monthShortNames.map((name, i) => [stripAccents(name.replace('.', '')), i + 1] as const),
  ...(['setiembre', 'sep', 'set', 'sept'] as const).map((name) => [name, 9] as const),
]);

function isRealDate(year: number, month: number, day: number): boolean {
  if (year < 1 || year > 9999 || month < 1 || month > 12 || day < 1) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  return day <= days;
}

function toIso(year: number, month: number, day: number): string | null {
  return isRealDate(year, month, day) ? `${pad(year, 4)}-${pad(month)}-${pad(day)}` : null;
}

const isoDate = /^(\d{4})-(\d{2})-(\d{2})$/;
// A time after the date is allowed and ignored: the calendar date is taken as written,
// never shifted through a time zone.
const time = String.raw`(?:[T ]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?\s*(?:Z|[+-]\d{2}:?\d{2})?)?`;
const dayMonthYear = new RegExp(String.raw`^(\d{1,2})([-/.])(\d{1,2})\2(\d{4})${time}$`, 'i');
const yearMonthDay = new RegExp(String.raw`^(\d{4})([-/.])(\d{1,2})\2(\d{1,2})${time}$`, 'i');
const spanishDate = /^(?:[a-z]+,?\s+)?(\d{1,2})\s+(?:de\s+)?([a-z]+)\.?,?\s+(?:de\s+|del\s+)?(\d{4})$/;
const englishMonth = /\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b/i;

/**
 * A date typed in the proposal form: DD-MM-YYYY, YYYY-MM-DD, DD/MM/YYYY or any parsable date,
 * normalised to YYYY-MM-DD; null when empty or not a real calendar date.
 */
export function parseDateInput(input: string): string | null {
  const s = input.trim();
  if (!s) return null;

  let m = dayMonthYear.exec(s);
  if (m) return toIso(Number(m[4]), Number(m[3]), Number(m[1]));
  m = yearMonthDay.exec(s);
  if (m) return toIso(Number(m[1]), Number(m[3]), Number(m[4]));

  // The same words formatDate writes, so '15 de julio de 2026' round-trips.
  m = spanishDate.exec(stripAccents(s.toLowerCase()));
  const month = m && spanishMonths.get(m[2]);
  if (m && month) return toIso(Number(m[3]), month, Number(m[1]));

  // Date's parser is lenient ('2026-07' is UTC, 'Festival 2026' is 1 January, 'February
  // 30' rolls over to March), so the fallback only takes text naming a month, a day and a
  // year ('July 15, 2026') and keeps it only if the day it read is the day written.
  const dayWritten = /(?:^|\D)(\d{1,2})(?!\d)/.exec(s);
  if (!dayWritten || !englishMonth.test(s) || !/\b\d{4}\b/.test(s)) return null;
  const d = new Date(s);
  if (Number.isNaN(d.getTime()) || d.getDate() !== Number(dayWritten[1])) return null;
  return toIso(d.getFullYear(), d.getMonth() + 1, d.getDate());
}

/** Strict YYYY-MM-DD naming a real calendar date. */
export function isIsoDate(s: string): boolean {
  const m = isoDate.exec(s);
  return m !== null && isRealDate(Number(m[1]), Number(m[2]), Number(m[3]));
}

/** YYYY-MM-DD as a local Date at 00:00 (`new Date('YYYY-MM-DD')` would be UTC midnight). */
export function parseIsoDate(iso: string): Date | null {
  if (!isIsoDate(iso)) return null;
  const [y, m, d] = iso.split('-').map(Number);
  const date = new Date(y, m - 1, d);
  date.setFullYear(y); // years 0-99 would otherwise map to 1900-1999
  return date;
}

function toDate(value: string | null | undefined): Date | null {
  if (!value) return null;
  const s = value.trim();
  // Date would roll '2026-02-30' over to 2 March.
  const datePart = /^\d{4}-\d{2}-\d{2}/.exec(s)?.[0];
  if (datePart && !isIsoDate(datePart)) return null;
  if (datePart === s) return parseIsoDate(s);
  // Anything else (e.g. a created_at timestamp) is an instant: shown on its local day.
  const d = new Date(s);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** 'd de MMMM de yyyy' in Spanish; missing or invalid -> 'Fecha no disponible'. */
export function formatDate(iso: string | null | undefined): string {
  const d = toDate(iso);
  return d ? `${d.getDate()} de ${monthNames[d.getMonth()]} de ${pad(d.getFullYear(), 4)}` : missingDate;
}

/** 'start - end' when the end is another day, else the start alone. */
export function formatDateRange(start: string | null | undefined, end: string | null | undefined): string {
  const from = formatDate(start);
  if (from === missingDate) return missingDate;
  const to = formatDate(end);
  return to === missingDate || to === from ? from : `${from} - ${to}`;
}

/** Today's local calendar date as YYYY-MM-DD. */
export function todayIso(now: Date = new Date()): string {
  return `${pad(now.getFullYear(), 4)}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
