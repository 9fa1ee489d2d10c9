import { useFavorites } from '../../lib/favorites';
import { SpriteIcon } from '../ui/sprite-icon';
import './favorite-button.css';

/** The heart toggle (saved locally first, then on the server when signed in), labelled with the festival's name. */
export function FavoriteButton({
  festivalId,
  festivalName,
  className = 'fav-btn',
}: {
  festivalId: number;
  festivalName: string;
  className?: string;
}) {
  const { isFavorite, toggleFavorite } = useFavorites();
  const active = isFavorite(festivalId);
  return (
    <button
      type="button"
      className={className}
      aria-pressed={active}
      aria-label={active ? `Quitar ${festivalName} de favoritos` : `Añadir ${festivalName} a favoritos`}
      title={active ? 'Quitar de favoritos' : 'Añadir a favoritos'}
      onClick={(event) => {
        event.preventDefault();
        event.stopPropagation();
        void toggleFavorite(festivalId);
      }}
    >
      <SpriteIcon name="heart" />
    </button>
  );
}
