import { memo } from 'react';
import { Link } from 'react-router-dom';
import { formatDateRange } from '#core/dates';
import { distanceLabel } from '#core/geo';
import type { FestivalCard as Card } from '#core/festival-page';
import { paths } from '../../config/paths';
import { SpriteIcon } from '../ui/sprite-icon';
import { formatRating, Stars } from '../ui/stars';
import { AttendanceCounts } from './attendance-counts';
import { FavoriteButton } from './favorite-button';
import { FestivalBadges } from './festival-badges';
import { FestivalImage } from './festival-image';
import './festival-card.css';

const GENRES_SHOWN = 3; // three genres, then '+N'

interface Props {
  festival: Card;
  /** The first cards of a list load their image eagerly (they are above the fold). */
  eager?: boolean;
  headingLevel?: 'h2' | 'h3';
}

/** A festival in a list: goes to /festival/{id}/{slug}. */
export const FestivalCard = memo(function FestivalCard({
  festival,
  eager = false,
  headingLevel: Heading = 'h3',
}: Props) {
  const genres = festival.genres ?? [];
  const extra = genres.length - GENRES_SHOWN;
  const rated = festival.averageRating > 0;
  return (
    <article className="festival-card">
      <div className="festival-card-media">
        <FestivalImage
          festival={festival}
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={eager ? 'high' : undefined}
        />
        <div className="festival-card-badges">
          <FestivalBadges festival={festival} />
        </div>
      </div>
      <div className="festival-card-fav">
        <FavoriteButton festivalId={festival.id} festivalName={festival.name} />
      </div>
      <div className="festival-card-body">
        <Heading className="festival-card-title">
          <Link to={paths.festival(festival.id, festival.name)}>{festival.name}</Link>
        </Heading>
        <div className="festival-card-meta">
          <span>
            <SpriteIcon name="calendar" />
            {formatDateRange(festival.start_date, festival.end_date)}
          </span>
          <span>
            <SpriteIcon name="map-pin" />
            {festival.location || 'Ubicación no especificada'}
          </span>
          {festival.distanceKm !== undefined ? (
            <span className="festival-card-distance">{distanceLabel(festival.distanceKm)}</span>
          ) : null}
        </div>
        {genres.length > 0 ? (
          <ul className="genre-list" aria-label="Géneros">
            {genres.slice(0, GENRES_SHOWN).map((g) => (
              <li key={g} className="genre-chip">
                {g}
              </li>
            ))}
            {extra > 0 ? (
              <li className="genre-chip genre-more" aria-label={`${extra} géneros más`}>
                +{extra}
              </li>
            ) : null}
          </ul>
        ) : null}
        <div className="festival-card-rating">
          {rated ? (
            <>
              <Stars value={festival.averageRating} />
              <strong>{formatRating(festival.averageRating)}</strong>
              <span>
                ({festival.ratingsCount} {festival.ratingsCount === 1 ? 'valoración' : 'valoraciones'})
              </span>
            </>
          ) : (
            <span>Sin valoraciones aún</span>
          )}
        </div>
        <AttendanceCounts festivalId={festival.id} counts={festival} className="festival-card-attendance" />
      </div>
    </article>
  );
});
