import type { Billing } from '#core/lineup-schemas';
import type { PastedEntry } from '#core/lineup-paste';
import type { Edition } from '#core/lineup-types';
import { toLocalInput } from './local-datetime';

/** A row of the lineup editor: an entry as the form holds it. */
export interface Row {
  key: string;
  artistId?: number;
  name: string;
  billing: Billing;
  day: string;
  stage: string;
  startsAt: string;
  endsAt: string;
  /** Not found among the known artists: saving creates it. */
  isNew?: boolean;
  /** Profile addresses pasted with the name: saving fills the artist's empty links with them. */
  links?: PastedEntry['links'];
}

let rowCounter = 0;
export const rowKey = () => `r${++rowCounter}`;

export function rowsOf(edition: Edition, zone: string | null): Row[] {
  return edition.lineup.map((e) => ({
    key: rowKey(),
    artistId: e.artist.id,
    name: e.artist.name,
    billing: e.billing,
    day: e.day ?? '',
    stage: e.stage ?? '',
    startsAt: toLocalInput(e.starts_at, zone),
    endsAt: toLocalInput(e.ends_at, zone),
  }));
}
