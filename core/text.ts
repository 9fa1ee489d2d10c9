/*
 * Plain text from what people typed: a description's markdown reduced for previews (the calendar,
 * share metadata, the admin's cards, calendar files), cut to a length on a word boundary.
 */

/**
 * Text cut to `max` characters with '...' (100 in the calendar, 160 in share metadata).
 * Whitespace is collapsed first; the cut lands on a word boundary when one is close.
 */
export function truncateText(text: string | null | undefined, max: number): string {
  const clean = (text ?? '').replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const room = max - 3;
  let cut = clean.slice(0, room);
  const space = cut.lastIndexOf(' ');
  if (space > room * 0.7) cut = cut.slice(0, space);
  return `${cut.replace(/[\s.,;:!?¡¿-]+$/, '')}...`;
}

/** Longest description the database stores (festivals_description_length); longer input is cut first. */
export const MARKDOWN_TEXT_MAX_INPUT = 20_000;

// Each pattern stops at the character that would start the next attempt ('[' or ']' in a label,
// '(' or ')' in a URL, '<' in a tag), so a failed attempt never rescans text that later attempts
// read again: the whole reduction is linear in the input. The older `\[([^\]]+)\]` kind of
// pattern scanned to the end of the text from every '[' and a crafted description of 20,000
// characters cost about half a second of the event loop per page view.
const FENCED_CODE = /```[\s\S]*?```/g;
// A URL may hold one level of parentheses (https://es.wikipedia.org/wiki/Sónar_(festival)).
const URL_PART = String.raw`\((?:[^()]|\([^()]*\))*\)`;
const IMAGE = new RegExp(String.raw`!\[([^[\]]*)\]` + URL_PART, 'g');
const LINK = new RegExp(String.raw`\[([^[\]]+)\]` + URL_PART, 'g');
const HTML_TAG = /<[^<>]+>/g;
const LINE_PREFIX = /^[ \t]{0,3}(?:#{1,6}[ \t]+|>[ \t]?|[-*+][ \t]+|\d{1,9}\.[ \t]+)/gm;
const EMPHASIS = /\*\*|__|\*|_|~~/g;
const BACKTICKS = /`+/g;

/**
 * Code spans lose their backticks; a backtick string with no closing string of the same length is
 * text, as CommonMark keeps it ('5$`' stays '5$`'). One pass over the runs: each length's next
 * closer is found by a pointer that only moves forward, so crafted input stays linear.
 */
function stripCodeSpans(text: string): string {
  const runs = [...text.matchAll(BACKTICKS)].map((m) => ({ at: m.index, length: m[0].length, paired: false }));
  if (runs.length < 2) return text;
  const byLength = new Map<number, number[]>();
  runs.forEach((run, i) => {
    const same = byLength.get(run.length);
    if (same) same.push(i);
    else byLength.set(run.length, [i]);
  });
  const next = new Map<number, number>();
  for (let i = 0; i < runs.length; i++) {
    const same = byLength.get(runs[i].length)!;
    let k = next.get(runs[i].length) ?? 0;
    while (k < same.length && same[k] <= i) k++;
    next.set(runs[i].length, k);
    if (k === same.length) continue;
    const closer = same[k];
    runs[i].paired = runs[closer].paired = true;
    i = closer;
  }
  let out = '';
  let from = 0;
  for (const run of runs) {
    if (!run.paired) continue;
    out += text.slice(from, run.at);
    from = run.at + run.length;
  }
  return out + text.slice(from);
}

/**
 * Markdown reduced to plain text for previews (descriptions are markdown).
 * Only the first `maxInput` characters are read: callers that show a short preview pass less.
 */
export function markdownToText(markdown: string | null | undefined, maxInput = MARKDOWN_TEXT_MAX_INPUT): string {
  return stripCodeSpans((markdown ?? '').slice(0, maxInput).replace(FENCED_CODE, ' '))
    .replace(IMAGE, (_match, alt: string) => alt)
    .replace(LINK, (_match, label: string) => label)
    .replace(HTML_TAG, ' ')
    .replace(LINE_PREFIX, '')
    .replace(EMPHASIS, '')
    .replace(/\s+/g, ' ')
    .trim();
}
