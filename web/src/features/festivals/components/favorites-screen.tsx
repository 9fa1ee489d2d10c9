import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { HeartIcon } from 'lucide-react';
import { defaultFilters } from '#core/festival-filters';
// Not '#core/festival-page': its query schemas would bring zod into this screen's code.
import { FESTIVAL_PAGE_MAX, toCard, type FestivalCard } from '#core/festival-card';
import type { Festival } from '#core/response-schemas';
import { FestivalGridSkeleton } from '../../../components/festival-card/festival-card-skeleton';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { useFavorites } from '../../../lib/favorites';
import { FESTIVALS_KEY, festivalListKey } from '../../../lib/query-keys';
import { queryClient, useQuery } from '../../../lib/use-server-data';
import { fetchFestivalPage, festivalPageUrl } from '../api/festival-pages';
import type { FestivalPage } from '#core/festival-page';
import { CatalogLoadError } from './catalog-load-error';
import { FestivalGrid } from './festival-grid';

const byId = (a: number, b: number) => a - b;

const favoritesFilters = { ...defaultFilters, upcoming: false, sort: 'date' as const };
const favoritesPageUrl = (ids: number[]) => festivalPageUrl(favoritesFilters, 0, FESTIVAL_PAGE_MAX, ids);

/** The cards of these ids, past ones included, in date order: pages of at most FESTIVAL_PAGE_MAX ids. */
async function favoriteCards(ids: number[]): Promise<FestivalCard[]> {
  const chunks: number[][] = [];
  for (let i = 0; i < ids.length; i += FESTIVAL_PAGE_MAX) chunks.push(ids.slice(i, i + FESTIVAL_PAGE_MAX));
  try {
    const pages = await Promise.all(chunks.map((chunk) => fetchFestivalPage(favoritesPageUrl(chunk))));
    const cards = pages.flatMap((p) => p.items);
    // Each page is in date order; several are merged in that order too (undated last).
    return chunks.length > 1 ? cards.sort(byDate) : cards;
  } catch (error) {
    if (!offline(error)) throw error;
    return savedCards(ids, error);
  }
}

/** The service worker's answer for a read it has no copy of, or no network at all. */
const offline = (error: unknown) =>
  !navigator.onLine || (error instanceof ApiError && (error.code === 'offline' || error.status === 0));

/**
 * Without signal, this exact set of favourites was never asked for, so no list answer is saved; but
 * each festival's own record was kept on the device when it was favourited, and gives its card.
 */
async function savedCards(ids: number[], offlineError: unknown): Promise<FestivalCard[]> {
  const found = await Promise.all(
    ids.map((id) =>
      apiRequest<Festival>(`/api/festivals/${id}`, { auth: false }).then(
        (festival) => toCard(festival),
        () => null,
      ),
    ),
  );
  const cards = found.filter((card): card is FestivalCard => card !== null);
  if (!cards.length) throw offlineError;
  return cards.sort(byDate);
}

const byDate = (a: FestivalCard, b: FestivalCard) =>
  dateKey(a).localeCompare(dateKey(b)) || a.name.localeCompare(b.name, 'es');
const dateKey = (f: FestivalCard) => f.start_date ?? f.end_date ?? '9999';

/** The favourites list: count, cards, and an empty state that links to /festivals. */
export function FavoritesScreen() {
  const { ids } = useFavorites();
  // Asked for once per set of favourites; removing one here hides its card at once, without a request.
  const wanted = useMemo(() => [...new Set(ids)].sort(byId), [ids]);
  const [asked, setAsked] = useState(wanted);
  if (wanted.some((id) => !asked.includes(id))) setAsked(wanted);
  const {
    data,
    isLoading: loading,
    error,
    refetch: reload,
  } = useQuery({
    queryKey: [...FESTIVALS_KEY, 'favorites', ...asked],
    queryFn: () => favoriteCards(asked),
    enabled: asked.length > 0,
    staleTime: Infinity,
    // Up to one page of favourites, the boot entry may have brought their cards already.
    initialData: () =>
      asked.length <= FESTIVAL_PAGE_MAX
        ? queryClient.getQueryData<FestivalPage>(festivalListKey(favoritesPageUrl(asked)))?.items
        : undefined,
  });
  const favorites = useMemo(() => {
    const keep = new Set(wanted);
    return (data ?? []).filter((f) => keep.has(f.id));
  }, [data, wanted]);
  const count = favorites.length;
  const busy = loading && asked.length > 0;

  return (
    <div className="page">
      <div className="container">
        <header className="page-header">
          <p className="eyebrow">Tu selección</p>
          <h1 className="page-title">Mis favoritos</h1>
          <p className="muted" role="status" aria-live="polite">
            {busy ? 'Cargando favoritos...' : `${count} ${count === 1 ? 'festival guardado' : 'festivales guardados'}`}
          </p>
        </header>
        {busy ? (
          <FestivalGridSkeleton />
        ) : error ? (
          <CatalogLoadError onRetry={reload} />
        ) : count === 0 ? (
          <div className="empty-state">
            <HeartIcon className="icon" />
            <p>Aún no tienes festivales favoritos.</p>
            <p className="muted">Pulsa el corazón de cualquier festival para guardarlo aquí.</p>
            <Link to="/festivals" className="btn btn-primary">
              Explorar festivales
            </Link>
          </div>
        ) : (
          <>
            {/* The cards' titles are h3: a heading level in between keeps the outline in order. */}
            <h2 className="visually-hidden">Festivales guardados</h2>
            <FestivalGrid festivals={favorites} />
          </>
        )}
      </div>
    </div>
  );
}
