import { startTransition, useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { ArrowLeftIcon } from 'lucide-react';
import { slugify } from '#core/slug';
import { paths } from '../../../config/paths';
import { useOnline } from '../../../lib/use-online';
import { useFestivalShareMeta } from '../../../lib/use-share-meta';
import { useFestival } from '../hooks/use-festival';
import { AttendanceSection } from './attendance-section';
import { FestivalHero } from './festival-hero';
import { FestivalNews } from './festival-news';
import { InfoSection } from './info-section';
import { LineupSection } from './lineup-section';
import { LocationSection } from './location-section';
import { SectionNav } from './section-nav';
import { TripFactsSection } from './trip-facts-section';
import { removeStaticHero } from './static-hero';
import type { Festival } from '#core/response-schemas';

interface Props {
  /** The gallery section (gallery feature). */
  renderGallery: (festival: Festival) => ReactNode;
  /**
   * The comments section (comments feature); `onChange` re-reads the festival's rating;
   * `editionYear` is a past edition picked in the 'Cartel' (null: the current one, all comments).
   */
  renderComments: (festival: Festival, onChange: () => void, editionYear: number | null) => ReactNode;
  /** Going with friends (plans feature): shown beside 'Voy' / 'Me interesa'. */
  renderPlans?: (festival: Festival) => ReactNode;
  /** 'Festivales parecidos', below the place (another feature's, composed by the route). */
  renderSimilar?: (festival: Festival) => ReactNode;
}

/** The festival page: hero, section tabs, info, location, then the gallery and comments it is given. */
export function FestivalDetailScreen({ renderGallery, renderComments, renderPlans, renderSimilar }: Props) {
  const { festivalId, slug } = useParams();
  const id = Number(festivalId);
  const state = useFestival(id);
  const navigate = useNavigate();
  const location = useLocation();
  const festival = state.festival;
  const online = useOnline();
  // The edition picked in the 'Cartel'; null is the current one.
  const [editionYear, setEditionYear] = useState<number | null>(null);
  // The sections below the hero (a lineup of 150 artists among them) are drawn in a transition
  // once the hero is on screen: React builds them in slices of a few milliseconds between which the
  // page stays responsive, instead of one long task with the hero. They start below the first
  // screen, so nothing on view moves when they arrive.
  const [sectionsShown, setSectionsShown] = useState(false);
  useEffect(() => {
    if (festival && !sectionsShown) startTransition(() => setSectionsShown(true));
  }, [festival, sectionsShown]);

  // The slug in the URL is replaced when it differs from the name's slug (of this address's festival:
  // going from one festival to another, the previous one is shown until the next has loaded).
  useEffect(() => {
    if (!festival || festival.id !== id) return;
    if (slug !== slugify(festival.name)) {
      navigate(`${paths.festival(festival.id, festival.name)}${location.search}${location.hash}`, { replace: true });
    }
  }, [festival, id, slug, navigate, location.search, location.hash]);

  // The server's copy of the hero stays only while this hero is on its way: not over an error, nor
  // once the page is left.
  useEffect(() => {
    if (state.status === 'not-found' || state.status === 'error') removeStaticHero();
  }, [state.status]);
  useEffect(() => removeStaticHero, []);

  // Title, description, Open Graph, Twitter card and JSON-LD follow the festival shown, so a link shared from the page previews that festival.
  useFestivalShareMeta(festival);
  useEffect(() => {
    if (!festival && state.status === 'not-found') document.title = 'Festival no encontrado - Festivales';
  }, [festival, state.status]);

  if (state.status === 'loading') {
    return (
      <div className="festival-page" aria-busy="true">
        <div className="hero hero-loading">
          <div className="container hero-inner">
            <div className="skeleton" style={{ width: 90, height: 36, borderRadius: 999 }} />
            <div className="hero-body">
              <div className="skeleton" style={{ width: '60%', height: 44 }} />
              <div className="skeleton" style={{ width: '40%', height: 18, marginTop: 12 }} />
            </div>
          </div>
        </div>
        <p className="visually-hidden" role="status">
          Cargando festival...
        </p>
      </div>
    );
  }

  if (!festival) {
    const notFound = state.status === 'not-found';
    return (
      <div className="page">
        <div className="container">
          <div className="empty-state">
            <h1 className="page-title">{notFound ? 'Festival no encontrado' : 'No se pudo cargar el festival'}</h1>
            <p className="muted">
              {notFound
                ? 'Puede que se haya eliminado o que el enlace no sea correcto.'
                : online
                  ? 'Comprueba tu conexión e inténtalo de nuevo.'
                  : 'Sin conexión: este festival no está guardado en el dispositivo. Ábrelo con internet o márcalo como favorito para tenerlo sin conexión.'}
            </p>
            <div className="row" style={{ justifyContent: 'center' }}>
              {notFound ? null : (
                <button type="button" className="btn" onClick={state.refresh}>
                  Reintentar
                </button>
              )}
              <Link to={paths.home()} className="btn btn-primary">
                <ArrowLeftIcon className="icon" /> Volver
              </Link>
            </div>
          </div>
        </div>
      </div>
    );
  }

  return (
    <div className="festival-page">
      <FestivalHero festival={festival} />
      <SectionNav />
      <div className="container festival-sections">
        {sectionsShown ? (
          <>
            <AttendanceSection key={festival.id} festival={festival}>
              {renderPlans?.(festival)}
            </AttendanceSection>
            <InfoSection festival={festival} />
            <LineupSection festival={festival} year={editionYear} onYearChange={setEditionYear} />
            {festival.lineup?.some((entry) => entry.starts_at) ? (
              <p className="timetable-link">
                <Link to={paths.timetable(festival.id, festival.name)} className="btn btn-outline-accent">
                  Mi horario
                </Link>
              </p>
            ) : null}
            <TripFactsSection festival={festival} />
            <FestivalNews festival={festival} />
            <LocationSection festival={festival} />
            {festival.status === 'approved' ? renderSimilar?.(festival) : null}
            {renderGallery(festival)}
            {renderComments(
              festival,
              state.refresh,
              editionYear !== null && editionYear !== festival.edition?.year ? editionYear : null,
            )}
          </>
        ) : null}
      </div>
    </div>
  );
}
