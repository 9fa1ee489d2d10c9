import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { HeartIcon } from 'lucide-react';
import { sortFestivals } from '#core/festival-filters';
import { FestivalGridSkeleton } from '../../../components/festival-card/festival-card-skeleton';
import { useFestivals } from '../../../lib/catalog';
import { useFavorites } from '../../../lib/favorites';
import { CatalogLoadError } from './catalog-load-error';
import { FestivalGrid } from './festival-grid';

/** spec §2 "Favourites list": count, cards, and an empty state that links to /festivals. */
export function FavoritesScreen() {
  const { festivals, loading, error, reload } = useFestivals();
  const { ids } = useFavorites();
  const favorites = useMemo(() => {
    const wanted = new Set(ids);
    return sortFestivals(
      festivals.filter((f) => wanted.has(f.id)),
      'date',
    );
  }, [festivals, ids]);
  const count = favorites.length;

  return (
    <div className="page">
      <div className="container">
        <header className="page-header">
          <p className="eyebrow">Tu selección</p>
          <h1 className="page-title">Mis favoritos</h1>
          <p className="muted" role="status" aria-live="polite">
            {loading ? 'Cargando favoritos...' : `${count} ${count === 1 ? 'festival guardado' : 'festivales guardados'}`}
          </p>
        </header>
        {loading ? (
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
          <FestivalGrid festivals={favorites} />
        )}
      </div>
    </div>
  );
}
