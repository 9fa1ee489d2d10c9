import type { DraftEdition, DraftFestival, DraftTicket } from '#core/import-schemas';
import type { EditionStatus } from '#core/lineup-schemas';
import {
  absoluteUrl,
  cleanText,
  emptyFestival,
  instant,
  localDate,
  type ReadResult,
  type ReadSet,
} from './read-result';

/*
 * schema.org JSON-LD as festival and ticketing pages publish it: several blocks per page, each an
 * object, an array or a `@graph`; the festival an `Event`, `MusicEvent`, `Festival` or `EventSeries`,
 * its sets as `subEvent`s (or one `MusicEvent` per artist beside it), its artists as `performer(s)`
 * with, on some pages, the set's `startDate` and stage (`location`) on the performer itself.
 */

type Node = Record<string, unknown>;

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value);
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : value === undefined ? [] : [value]);

/** 'https://schema.org/MusicEvent', 'schema:MusicEvent' and 'MusicEvent' are one type. */
const shortName = (value: unknown) => (typeof value === 'string' ? value.replace(/^.*[/:#]/, '') : '');
const typesOf = (node: Node) => list(node['@type']).map(shortName);

const EVENT_TYPES = new Set(['Event', 'MusicEvent', 'Festival', 'EventSeries', 'DanceEvent', 'SocialEvent']);
const isEvent = (node: Node) => typesOf(node).some((t) => EVENT_TYPES.has(t));
const isContainer = (node: Node) =>
  typesOf(node).some((t) => t === 'Festival' || t === 'EventSeries') || list(node.subEvent).some(isNode);

const str = (value: unknown): string | null => {
  if (typeof value === 'string') return value.trim() || null;
  if (typeof value === 'number') return String(value);
  if (isNode(value) && typeof value.name === 'string') return value.name.trim() || null;
  return null;
};

/** Every node of the page's blocks: top-level objects, arrays and `@graph` members. */
function nodesOf(blocks: unknown[]): Node[] {
  const nodes: Node[] = [];
  const visit = (value: unknown) => {
    for (const item of list(value)) {
      if (!isNode(item)) continue;
      if (Array.isArray(item['@graph'])) visit(item['@graph']);
      if (item['@type'] !== undefined) nodes.push(item);
    }
  };
  blocks.forEach(visit);
  // A @graph links its members by '@id' ({"@id": "#set-1"}): each reference becomes the node it names.
  const byId = new Map(nodes.filter((n) => typeof n['@id'] === 'string').map((n) => [n['@id'] as string, n]));
  const deref = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(deref);
    if (isNode(value) && typeof value['@id'] === 'string' && Object.keys(value).length === 1)
      return byId.get(value['@id']) ?? value;
    return value;
  };
  for (const node of nodes) for (const key of Object.keys(node)) if (key !== '@id') node[key] = deref(node[key]);
  return nodes;
}

function eventStatus(node: Node): DraftEdition['event_status'] {
  const status = shortName(str(node.eventStatus)).toLowerCase();
  if (status.includes('cancel')) return 'cancelled';
  if (status.includes('postpone')) return 'postponed';
  if (status.includes('reschedul')) return 'rescheduled';
  return 'scheduled';
}

const editionStatusOf: Record<DraftEdition['event_status'], EditionStatus> = {
  scheduled: 'confirmed',
  rescheduled: 'confirmed',
  // A postponed event has no firm dates: the year stays, announced.
  postponed: 'announced',
  cancelled: 'cancelled',
};

function addressParts(address: unknown): { locality: string | null; country: string | null; street: string | null } {
  if (typeof address === 'string') return { locality: null, country: null, street: address.trim() || null };
  if (!isNode(address)) return { locality: null, country: null, street: null };
  const street = [
    str(address.streetAddress),
    [str(address.postalCode), str(address.addressLocality)].filter(Boolean).join(' '),
  ]
    .filter(Boolean)
    .join(', ');
  return { locality: str(address.addressLocality), country: str(address.addressCountry), street: street || null };
}

function placeOf(festival: DraftFestival, location: unknown) {
  const place = list(location).find(isNode);
  if (!place) {
    if (typeof location === 'string') festival.location = cleanText(location, 200);
    return;
  }
  const { locality, country, street } = addressParts(place.address);
  festival.location = cleanText([locality, country].filter(Boolean).join(', ') || str(place.name), 200);
  festival.address = cleanText([str(place.name), street].filter(Boolean).join(', '), 300);
  const geo = isNode(place.geo) ? place.geo : null;
  const latitude = Number(geo?.latitude);
  const longitude = Number(geo?.longitude);
  if (
    geo &&
    Number.isFinite(latitude) &&
    Number.isFinite(longitude) &&
    Math.abs(latitude) <= 90 &&
    Math.abs(longitude) <= 180
  ) {
    festival.latitude = latitude;
    festival.longitude = longitude;
  }
}

const imageOf = (value: unknown, base: string): string | null => {
  for (const item of list(value)) {
    const url = absoluteUrl(isNode(item) ? (item.url ?? item.contentUrl) : item, base);
    if (url) return url;
  }
  return null;
};

function availability(value: unknown): DraftTicket['availability'] {
  const name = shortName(str(value)).toLowerCase();
  if (!name) return 'unknown';
  if (name.includes('soldout') || name.includes('outofstock') || name.includes('discontinued')) return 'sold_out';
  if (name.includes('presale') || name.includes('preorder')) return 'pre_order';
  if (name.includes('limited')) return 'limited';
  if (name.includes('instock') || name.includes('onlineonly')) return 'in_stock';
  return 'unknown';
}

/** '45', '45.00', '45,00 €' and 45 are 45; anything else is unknown. */
function price(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? value : null;
  if (typeof value !== 'string') return null;
  const match = /\d+(?:[.,]\d{1,2})?/.exec(value);
  return match ? Number(match[0].replace(',', '.')) : null;
}

function ticketsOf(offers: unknown, base: string): DraftTicket[] {
  const tickets: DraftTicket[] = [];
  for (const offer of list(offers)) {
    if (!isNode(offer)) continue;
    // An AggregateOffer gives the range, and sometimes its tiers as `offers`.
    if (list(offer.offers).some(isNode)) {
      tickets.push(...ticketsOf(offer.offers, base));
      continue;
    }
    const common = {
      currency: str(offer.priceCurrency)?.toUpperCase() ?? null,
      availability: availability(offer.availability),
      valid_from: instant(offer.validFrom) ?? localDate(offer.validFrom),
      url: absoluteUrl(offer.url, base),
    };
    if (offer.price === undefined && (offer.lowPrice !== undefined || offer.highPrice !== undefined)) {
      for (const [bound, label] of [
        [offer.lowPrice, 'Desde'],
        [offer.highPrice, 'Hasta'],
      ] as const)
        if (price(bound) !== null)
          tickets.push({ name: cleanText(offer.name, 100) ?? label, price: price(bound), ...common });
      continue;
    }
    tickets.push({ name: cleanText(offer.name, 100), price: price(offer.price), ...common });
  }
  return tickets;
}

/** A performer's own set, when the page gives its time and stage on the performer (some do). */
function performerSets(event: Node, fallback: Omit<ReadSet, 'name'>): ReadSet[] {
  const performers = [...list(event.performer), ...list(event.performers)];
  const sets: ReadSet[] = [];
  for (const performer of performers) {
    const name = cleanText(str(performer), 200);
    if (!name) continue;
    const own = isNode(performer) ? performer : {};
    sets.push({
      name,
      day: localDate(own.startDate) ?? fallback.day,
      stage: cleanText(str(list(own.location)[0]), 100) ?? fallback.stage,
      starts_at: instant(own.startDate) ?? fallback.starts_at,
      ends_at: instant(own.endDate) ?? fallback.ends_at,
    });
  }
  return sets;
}

/** A set (sub-event): its performers, or its own name when it names none. */
function setsOf(event: Node): ReadSet[] {
  const timing = {
    day: localDate(event.startDate),
    stage: cleanText(str(list(event.location)[0]), 100),
    starts_at: instant(event.startDate),
    ends_at: instant(event.endDate),
  };
  const sets = performerSets(event, timing);
  if (sets.length > 0) return sets;
  const name = cleanText(str(event.name), 200);
  return name ? [{ name, ...timing }] : [];
}

function editionOf(event: Node, sets: ReadSet[], warnings: string[]): DraftEdition | null {
  const days = sets.map((s) => s.day).filter((d): d is string => d !== null);
  const start = localDate(event.startDate) ?? days.sort()[0] ?? null;
  if (!start) return null;
  let end = localDate(event.endDate) ?? (days.length ? days.sort().at(-1)! : null);
  if (end && end < start) {
    warnings.push('La fecha de fin de la página es anterior a la de inicio: no se ha tenido en cuenta.');
    end = null;
  }
  const status = eventStatus(event);
  if (status === 'cancelled') warnings.push('La página indica que el evento está cancelado.');
  if (status === 'postponed') warnings.push('La página indica que el evento está aplazado: las fechas pueden cambiar.');
  if (status === 'rescheduled') {
    const before = localDate(list(event.previousStartDate)[0]);
    warnings.push(
      before
        ? `La página indica que el evento ha cambiado de fecha (antes empezaba el ${before}).`
        : 'La página indica que el evento ha cambiado de fecha: comprueba las fechas nuevas.',
    );
  }
  return {
    year: Number(start.slice(0, 4)),
    start_date: start,
    end_date: end,
    status: editionStatusOf[status],
    event_status: status,
  };
}

/** The same artist listed twice (as a performer of the festival and of its set) is one set: the one with a time. */
function uniqueSets(sets: ReadSet[]): ReadSet[] {
  const seen = new Map<string, ReadSet>();
  const out: ReadSet[] = [];
  for (const set of sets) {
    const key = `${set.name.toLowerCase()}|${set.starts_at ?? ''}|${set.stage ?? ''}`;
    const bare = `${set.name.toLowerCase()}||`;
    if (seen.has(key)) continue;
    const timed = set.starts_at !== null || set.stage !== null;
    const earlier = seen.get(bare);
    if (timed && earlier) {
      out.splice(out.indexOf(earlier), 1, set);
      seen.delete(bare);
    } else if (!timed && out.some((s) => s.name.toLowerCase() === set.name.toLowerCase())) {
      continue;
    } else {
      out.push(set);
    }
    seen.set(key, set);
  }
  return out;
}

/**
 * Reads the page's JSON-LD blocks (their raw text) into a draft; `undefined` when none describes an
 * event. A block that is not valid JSON is skipped with a warning.
 */
export function readJsonLd(rawBlocks: string[], pageUrl: string): ReadResult | undefined {
  const warnings: string[] = [];
  const blocks: unknown[] = [];
  rawBlocks.forEach((raw, index) => {
    try {
      blocks.push(JSON.parse(raw.trim().replace(/^<!--|-->$/g, '')));
    } catch {
      warnings.push(`El bloque JSON-LD n.º ${index + 1} de la página no es JSON válido: se ha saltado.`);
    }
  });
  const events = nodesOf(blocks).filter(isEvent);
  if (events.length === 0) {
    if (warnings.length === 0) return undefined;
    return { kind: 'json-ld', festival: emptyFestival(), edition: null, lineup: [], tickets: [], warnings };
  }

  // The festival: a Festival or EventSeries, or an event with sub-events; else the one event there
  // is; else (one MusicEvent per artist) the events together, named after the event they belong to.
  const subEvents = new Set(events.flatMap((e) => list(e.subEvent).filter(isNode)));
  const main = events.find(isContainer) ?? (events.length === 1 ? events[0] : undefined);
  const festival = emptyFestival();
  let sets: ReadSet[] = [];
  let source: Node;
  if (main) {
    source = main;
    const children = [
      ...list(main.subEvent).filter(isNode),
      ...events.filter((e) => e !== main && !subEvents.has(e) && !isContainer(e)),
    ];
    sets = [
      ...performerSets(main, { day: null, stage: null, starts_at: null, ends_at: null }),
      ...children.flatMap(setsOf),
    ];
  } else {
    const parent = events.map((e) => list(e.superEvent).find(isNode)).find(Boolean);
    source = { ...events[0], name: parent?.name ?? events[0].name };
    sets = events.flatMap(setsOf);
    const starts = events
      .map((e) => localDate(e.startDate))
      .filter((d): d is string => d !== null)
      .sort();
    const ends = events
      .map((e) => localDate(e.endDate ?? e.startDate))
      .filter((d): d is string => d !== null)
      .sort();
    source.startDate = starts[0];
    source.endDate = ends.at(-1);
    if (!parent)
      warnings.push(
        'La página describe varios eventos sin decir de qué festival son: se han leído como actuaciones de uno.',
      );
  }
  festival.name = cleanText(str(source.name), 200);
  festival.description = cleanText(source.description, 20000);
  festival.website = absoluteUrl(source.url, pageUrl);
  festival.image_url = imageOf(source.image, pageUrl);
  festival.organizer = cleanText(str(list(source.organizer)[0]), 200);
  placeOf(festival, source.location);
  sets = uniqueSets(sets);
  const edition = editionOf(source, sets, warnings);
  const tickets = ticketsOf(source.offers, pageUrl);
  if (sets.some((s) => s.starts_at === null && s.day !== null))
    warnings.push('Algunas actuaciones no llevan hora con zona horaria: se ha guardado solo el día.');
  return { kind: 'json-ld', festival, edition, lineup: sets, tickets, warnings };
}
