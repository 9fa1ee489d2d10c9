import type { CalendarRange } from '#core/festival-page';
import { apiRequest } from '../../../lib/api-client';
import { festivalListKey } from '../../../lib/query-keys';

/** The festivals of a date range (GET /api/festivals/calendar), kept for the visit until a catalogue change. */
export const calendarRangeQuery = (from: string, to: string) => {
  const url = `/api/festivals/calendar?from=${from}&to=${to}`;
  return {
    queryKey: festivalListKey(url),
    queryFn: async ({ signal }: { signal: AbortSignal }) => {
      const data = await apiRequest<CalendarRange>(url, { auth: false, signal });
      if (!data || !Array.isArray(data.items)) throw new Error('Respuesta inesperada del servidor.');
      return data;
    },
    staleTime: Infinity,
  };
};
