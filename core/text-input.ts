import { z } from './zod';

/**
 * A name, a place, a subject: one line. A line break typed into one would start a new line where
 * the value is written out (a mail's subject, a calendar's SUMMARY, a log line, the admin's list),
 * so it is refused with a reason instead of being stored.
 */
const LINE_BREAK = /[\r\n\u0085\u2028\u2029]/;

export const oneLine = (schema: z.ZodString, label: string) =>
  schema.refine((value) => !LINE_BREAK.test(value), { error: `${label} no puede tener saltos de línea.` });

/** What a person typed: required, trimmed, at most `max` characters. */
export const requiredText = (message: string, max: number, maxMessage: string) =>
  z.string({ error: message }).trim().min(1, { error: message }).max(max, { error: maxMessage });

/** The same, on one line. */
export const requiredLine = (message: string, max: number, maxMessage: string, label: string) =>
  oneLine(requiredText(message, max, maxMessage), label);

/** Whitespace of a name from elsewhere (a Google profile) collapsed into single spaces: kept, on one line. */
export const asOneLine = (value: string) => value.replace(/\s+/g, ' ').trim();
