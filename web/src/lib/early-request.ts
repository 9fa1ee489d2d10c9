import { isFestivalPage } from '#core/festival-card';
import { ApiError, NETWORK_ERROR_MESSAGE, readAnswer } from './api-client';
import { festivalKey, festivalListKey, UnexpectedCatalogResponse } from './query-keys';
import { queryClient, type QueryKey } from './use-server-data';

/**
 * A read the screen at this address needs first (the home's first page, a festival, the map's first
 * view), asked for by the boot entry right after the first paint, alongside the code
 * (src/boot/early-reads.ts), and handed to the app's start (main.tsx). `data` is its parsed body once
 * a successful answer has arrived.
 */
export interface EarlyAnswer {
  url: string;
  response: Promise<Response>;
  data?: unknown;
}

/** Where an early answer goes in the store, and whether a body is the answer the screen reads. */
function placeOf(url: string): { queryKey: QueryKey; valid: (data: unknown) => boolean } | null {
  const path = url.split('?')[0];
  if (path === '/api/festivals/page') return { queryKey: festivalListKey(url), valid: isFestivalPage };
  if (path === '/api/festivals/map')
    return { queryKey: festivalListKey(url), valid: (data) => typeof data === 'object' && data !== null };
  const festival = /^\/api\/festivals\/(\d+)$/.exec(path);
  // Asked for without a session only (the boot entry's rule).
  if (festival) return { queryKey: festivalKey(Number(festival[1]), ''), valid: () => true };
  return null;
}

/**
 * Puts the boot entry's answers into the store as initial data: one that has arrived is drawn by the
 * screen's first render, one on its way is the request the screen's read shares (never asked twice).
 */
export function putEarlyAnswers(answers: readonly EarlyAnswer[]): void {
  for (const answer of answers) {
    const place = placeOf(answer.url);
    if (!place) continue;
    if (answer.data !== undefined && place.valid(answer.data)) {
      queryClient.setQueryData(place.queryKey, answer.data);
      continue;
    }
    queryClient.prefetchQuery({
      queryKey: place.queryKey,
      queryFn: async () => {
        const data = await answer.response.then(readAnswer, () => {
          throw new ApiError(0, undefined, NETWORK_ERROR_MESSAGE);
        });
        if (!place.valid(data)) throw new UnexpectedCatalogResponse();
        return data;
      },
    });
  }
}
