/**
 * What a committed write changed, as this process announces it: the domain's write functions call
 * `written(aggregate, id)` after their transaction commits, and every kept answer made of that
 * aggregate (./kept.ts) is read again on its next request instead of being served as it is. The
 * database's triggers, which move the version rows on every write whoever made it, stay the truth
 * across processes; this only makes a write through this process show on its very next read.
 */
export type Aggregate =
  /** A festival's own row, its genres, its approval and its rating counters: the catalogue. */
  | 'festival'
  /** A festival's editions, their lineups and tickets (the id is the festival's). */
  | 'edition'
  /** An artist's row (name, links) and where they play. */
  | 'artist'
  /** A festival's comments and the ratings they carry (the id is the festival's). */
  | 'comment'
  /** A festival's photos and videos and their votes (the id is the festival's). */
  | 'media'
  /** A user's favourites and feed (the id is the user's). */
  | 'favorite'
  /** A plan with friends: its members, their picks, its meeting points (the id is the plan's). */
  | 'plan';

/** What an aggregate's id names: a festival's comments are announced by the festival's id. */
export type IdKind = 'festival' | 'artist' | 'user' | 'plan';
const idKinds: Record<Aggregate, IdKind> = {
  festival: 'festival',
  edition: 'festival',
  comment: 'festival',
  media: 'festival',
  artist: 'artist',
  favorite: 'user',
  plan: 'plan',
};

/** Counts writes: a kept answer remembers the count its load started under. */
let sequence = 0;
/** The count at the last write of each aggregate, and of each aggregate's item. */
const lastWrite = new Map<string, number>();

/**
 * Announces a write made through this process, after it committed: `written('festival', 12)`.
 * Without an id, every item of the aggregate counts as written (a bulk change, an erasure).
 */
export function written(aggregate: Aggregate, id?: number): void {
  sequence += 1;
  lastWrite.set(id === undefined ? aggregate : `${aggregate}:${id}`, sequence);
  if (id !== undefined) lastWrite.set(`${aggregate}:*`, sequence);
}

/** The count of writes so far: a load remembers it when it starts. */
export const writeCount = (): number => sequence;

/**
 * The count at the last write that concerns an answer made of `madeOf`. When the answer is about
 * one item (`about`: a festival's answer, an artist's page), a write announced with the id of
 * another item of the same kind does not concern it.
 */
export function lastWriteFor(madeOf: readonly Aggregate[], about?: { kind: IdKind; id: number }): number {
  let last = 0;
  for (const aggregate of madeOf) {
    last = Math.max(last, lastWrite.get(aggregate) ?? 0);
    const item = idKinds[aggregate] === about?.kind ? `${aggregate}:${about.id}` : `${aggregate}:*`;
    last = Math.max(last, lastWrite.get(item) ?? 0);
  }
  return last;
}
