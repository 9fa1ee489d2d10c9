import { PICKS_PREFIX, readStorage, writeStorage } from '../../../lib/storage';

/**
 * My picks of a festival as kept on this device: the only copy when signed out (like favourites),
 * and the copy that works without signal when signed in. `unsynced` says the server has not got
 * this list yet (changed offline, or before signing in): it is sent when the connection returns.
 */
export interface StoredPicks {
  picks: number[];
  unsynced: boolean;
}

const key = (festivalId: number) => `${PICKS_PREFIX}${festivalId}`;

export function readPicks(festivalId: number): StoredPicks {
  try {
    const parsed = JSON.parse(readStorage(key(festivalId)) ?? 'null') as Partial<StoredPicks> | null;
    const picks = Array.isArray(parsed?.picks) ? parsed.picks.filter((n): n is number => Number.isSafeInteger(n)) : [];
    return { picks, unsynced: parsed?.unsynced === true };
  } catch {
    return { picks: [], unsynced: false };
  }
}

export function writePicks(festivalId: number, value: StoredPicks): void {
  writeStorage(key(festivalId), JSON.stringify(value));
}
