import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ArrowLeftIcon, CalendarIcon, ExternalLinkIcon, MapPinIcon, Trash2Icon } from 'lucide-react';
import { formatDateRange } from '#core/dates';
import { FavoriteButton } from '../../../components/festival-card/favorite-button';
import { FestivalBadges } from '../../../components/festival-card/festival-badges';
import { ConfirmDialog } from '../../../components/ui/modal';
import { formatRating, Stars } from '../../../components/ui/stars';
import { useToast } from '../../../components/toast/toast-provider';
import { paths } from '../../../config/paths';
import { useAuth } from '../../../lib/auth';
import { invalidateFestivals } from '../../../lib/query-keys';
import { festivalImage, festivalImageLarge } from '../../../lib/festival-image';
import { deleteFestival } from '../api/festival';
import { Photo } from '../../../components/ui/photo';
import { StockPicture } from '../../../components/festival-card/festival-image';
import { ShareButton } from './share-button';
import { handOverStaticHero } from './static-hero';
import type { Festival, ImageInfo } from '#core/response-schemas';

/** The festival page's hero: image, 'Volver', favourite, badges, title, dates, place, website and rating. */
export function FestivalHero({ festival }: { festival: Festival & { image?: ImageInfo | null } }) {
  const { isAdmin } = useAuth();
  const toast = useToast();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const image = festivalImage(festival);
  const own = festival.image_url ? festival.image : null;
  const rated = festival.averageRating > 0;
  const section = useRef<HTMLElement>(null);
  // The server's copy of this hero, drawn with the first paint, goes once this one's picture is ready.
  useEffect(() => handOverStaticHero(section.current?.querySelector('img')), []);

  const remove = async () => {
    setDeleting(true);
    try {
      await deleteFestival(festival.id);
      invalidateFestivals();
      toast('Festival eliminado correctamente', 'success');
      navigate(paths.home(), { replace: true });
    } catch (error) {
      toast(`Error al eliminar el festival: ${(error as Error).message || 'No se pudo eliminar el festival'}`, 'error');
      setDeleting(false);
      setConfirming(false);
    }
  };

  return (
    <section ref={section} className="hero" aria-labelledby="festival-title">
      {own ? (
        <Photo
          className="hero-bg"
          src={image.src}
          image={own}
          sizes="100vw"
          alt=""
          width={1600}
          height={900}
          loading="eager"
          fetchPriority="high"
        />
      ) : (
        <StockPicture
          className="hero-bg"
          festival={festival}
          src={image.srcSet ? festivalImageLarge(festival) : image.src}
          sizes="100vw"
          alt=""
          width={1600}
          height={900}
          fetchPriority="high"
        />
      )}
      <div className="hero-shade" />
      <div className="container hero-inner">
        <div className="hero-top">
          <Link to={paths.home()} className="btn btn-sm hero-back">
            <ArrowLeftIcon className="icon" /> Volver
          </Link>
          <div className="hero-actions">
            <ShareButton title={`${festival.name} - Festivales`} />
            <FavoriteButton festivalId={festival.id} festivalName={festival.name} className="fav-btn" />
            {isAdmin ? (
              <button
                type="button"
                className="btn btn-danger btn-sm"
                onClick={() => setConfirming(true)}
                disabled={deleting}
              >
                <Trash2Icon className="icon" /> {deleting ? 'Eliminando...' : 'Eliminar festival'}
              </button>
            ) : null}
          </div>
        </div>
        <div className="hero-body">
          <div className="hero-badges">
            <FestivalBadges festival={festival} long />
          </div>
          <h1 id="festival-title" className="hero-title">
            {festival.name}
          </h1>
          <ul className="hero-meta">
            <li>
              <CalendarIcon className="icon" /> {formatDateRange(festival.start_date, festival.end_date)}
            </li>
            <li>
              <MapPinIcon className="icon" /> {festival.location || 'Ubicación no especificada'}
            </li>
            {festival.website ? (
              <li>
                <a href={festival.website} target="_blank" rel="noopener noreferrer">
                  Web oficial <ExternalLinkIcon className="icon" />
                  <span className="visually-hidden"> (se abre en una pestaña nueva)</span>
                </a>
              </li>
            ) : null}
            <li>
              {rated ? (
                <>
                  <Stars value={festival.averageRating} /> <strong>{formatRating(festival.averageRating)}</strong>
                  <span className="muted">({festival.ratingsCount} valoraciones)</span>
                </>
              ) : (
                <span className="muted">Sin valoraciones aún</span>
              )}
            </li>
          </ul>
        </div>
      </div>
      {confirming ? (
        <ConfirmDialog
          title="¿Eliminar festival?"
          message={
            <p>
              Se eliminará «{festival.name}» con sus comentarios, fotos y favoritos. Esta acción no se puede deshacer.
            </p>
          }
          confirmLabel="Eliminar festival"
          busyLabel="Eliminando..."
          busy={deleting}
          danger
          onConfirm={() => void remove()}
          onCancel={() => setConfirming(false)}
        />
      ) : null}
    </section>
  );
}
