import { ApiError } from '../../lib/api-client';

/** What a failed request says, or the screen's own words when it says nothing a person can read. */
export const message = (error: unknown, fallback: string) =>
  error instanceof ApiError || error instanceof Error ? error.message : fallback;
