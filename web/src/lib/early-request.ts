import { ApiError, NETWORK_ERROR_MESSAGE, readAnswer } from './api-client';

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

/** The boot entry's reads not yet taken over, handed over once by the app's start. */
let early: EarlyAnswer[] = [];

/** The app's start hands over the boot entry's reads. */
export function receiveEarlyAnswers(answers: EarlyAnswer[]): void {
  early = answers;
}

function take(url: string, arrived: boolean): EarlyAnswer | undefined {
  const index = early.findIndex((e) => e.url === url && (!arrived || e.data !== undefined));
  return index < 0 ? undefined : early.splice(index, 1)[0];
}

/** Takes over the boot entry's request when it asked for this very URL; null otherwise. */
export function takeEarlyRequest(url: string): Promise<unknown> | null {
  const answer = take(url, false);
  if (!answer) return null;
  return answer.response.then(readAnswer, () => {
    throw new ApiError(0, undefined, NETWORK_ERROR_MESSAGE);
  });
}

/**
 * Takes over the boot entry's answer for this URL when it has already arrived (on a phone it usually
 * has: it is a few kilobytes, the code a hundred), so the screen's first render can show it;
 * undefined when it has not, or was for another URL.
 */
export function takeEarlyAnswer(url: string): unknown {
  return take(url, true)?.data;
}
