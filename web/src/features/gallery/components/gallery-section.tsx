import { useCallback, useEffect, useMemo, useState } from 'react';
import { PlayIcon } from 'lucide-react';
import { formatRating } from '../../../components/ui/stars';
import { useToast } from '../../../components/toast/toast-provider';
import { useAuth } from '../../../lib/auth';
import { queryClient, useQuery } from '../../../lib/use-server-data';
import { getFestivalMedia, rateMedia } from '../api/gallery';
import {
  arrangeGallery,
  mediaItem,
  ownImageItem,
  type GalleryFilter,
  type GalleryItem,
  type GallerySort,
} from '../api/gallery-items';
import { Photo } from '../../../components/ui/photo';
import { Lightbox } from './lightbox';
import { ReportButton } from './report-button';
import type { Festival, ImageInfo } from '#core/response-schemas';
import { useLatest } from '../../../lib/use-latest';

/**
 * How wide a grid cell is drawn, so the browser takes the smallest copy that fills it: the page's
 * content is the viewport less 16 px each side (at most 1168 px), cut into as many columns of at
 * least 220 px as fit with 16 px gaps (gallery.css), and two columns with a 12 px gap below 488 px.
 */
const GRID_SIZES = [
  '(min-width: 1232px) 221px',
  '(min-width: 1196px) calc((100vw - 96px) / 5)',
  '(min-width: 960px) calc((100vw - 80px) / 4)',
  '(min-width: 724px) calc((100vw - 64px) / 3)',
  '(min-width: 488px) calc((100vw - 48px) / 2)',
  'calc((100vw - 44px) / 2)',
].join(', ');

const filters: { value: GalleryFilter; label: string }[] = [
  { value: 'all', label: 'Todo' },
  { value: 'image', label: 'Imágenes' },
  { value: 'video', label: 'Vídeos' },
];

/** The gallery: sort, filter, the festival's own image first, the lightbox, 'Denunciar'. */
export function GallerySection({ festival }: { festival: Festival & { image?: ImageInfo | null } }) {
  const { user, token } = useAuth();
  const toast = useToast();
  // The token goes along: the list brings the signed-in person's own votes.
  const mediaKey = useMemo(() => ['media', festival.id, token ?? ''], [festival.id, token]);
  const gallery = useQuery({
    queryKey: mediaKey,
    queryFn: async ({ signal }) => (await getFestivalMedia(festival.id, signal)).map(mediaItem),
  });
  const media = useMemo(() => gallery.data ?? [], [gallery.data]);
  const loading = gallery.isFetching;
  const setMedia = useCallback(
    (update: (list: GalleryItem[] | undefined) => GalleryItem[] | undefined) =>
      queryClient.setQueryData(mediaKey, update),
    [mediaKey],
  );
  const [sort, setSort] = useState<GallerySort>('recent');
  const [filter, setFilter] = useState<GalleryFilter>('all');
  const [open, setOpen] = useState<number | null>(null);
  const toastRef = useLatest(toast);

  useEffect(() => {
    if (!gallery.error) return;
    console.warn(gallery.error);
    toastRef.current('Error al cargar la galería', 'error');
  }, [gallery.error, toastRef]);

  const own = useMemo(() => ownImageItem(festival), [festival]);
  const items = useMemo(() => arrangeGallery(own, media, sort, filter), [own, media, sort, filter]);

  const vote = useCallback(
    async (item: GalleryItem, rating: number) => {
      if (item.mediaId === null) return;
      try {
        const result = await rateMedia(item.mediaId, rating);
        setMedia((list) =>
          list?.map((m) =>
            m.mediaId === item.mediaId
              ? {
                  ...m,
                  rating: result.rating ?? m.rating,
                  votesCount: result.votesCount ?? m.votesCount,
                  userRating: result.userRating ?? rating,
                }
              : m,
          ),
        );
        toast(`Voto: ${rating}/5 estrellas`, 'success');
      } catch (error) {
        console.warn(error);
        toast('Error al enviar el voto', 'error');
      }
    },
    [toast, setMedia],
  );

  return (
    <section id="galeria" className="detail-section" tabIndex={-1} aria-labelledby="galeria-title">
      <div className="section-head">
        <h2 id="galeria-title" className="section-title">
          Galería
        </h2>
        <div className="gallery-tools">
          <div className="segmented" role="group" aria-label="Tipo de contenido">
            {filters.map((f) => (
              <button
                key={f.value}
                type="button"
                className="segmented-btn"
                aria-pressed={filter === f.value}
                onClick={() => setFilter(f.value)}
              >
                {f.label}
              </button>
            ))}
          </div>
          <label className="visually-hidden" htmlFor="gallery-sort">
            Ordenar galería
          </label>
          <select
            id="gallery-sort"
            className="select select-sm"
            value={sort}
            onChange={(e) => setSort(e.target.value as GallerySort)}
          >
            <option value="recent">Más recientes</option>
            <option value="highest">Mejor valoradas</option>
            <option value="lowest">Peor valoradas</option>
          </select>
        </div>
      </div>

      {items.length === 0 ? (
        <p className="muted">{loading ? 'Cargando galería...' : 'No hay vídeos de este festival todavía.'}</p>
      ) : (
        <ul className="gallery-grid">
          {items.map((item, i) => (
            <li key={item.key} className="gallery-item">
              <button
                type="button"
                className="gallery-thumb"
                onClick={() => setOpen(i)}
                // The name holds the rating the button shows, so someone who says what they see (voice control) finds it.
                aria-label={`Abrir ${item.caption || `foto ${i + 1}`} (${i + 1} de ${items.length}), ${formatRating(item.rating)}/5`}
              >
                {item.type === 'video' ? (
                  <span className="gallery-video">
                    <video src={item.url} preload="metadata" muted tabIndex={-1} aria-hidden="true" />
                    <PlayIcon className="icon" />
                  </span>
                ) : (
                  <Photo src={item.thumb} image={item.image} alt="" width={400} height={300} sizes={GRID_SIZES} />
                )}
                <span className="badge badge-glass gallery-rating">{formatRating(item.rating)}/5</span>
              </button>
              <div className="gallery-meta">
                <span className="gallery-caption">
                  {item.mediaId === null
                    ? 'Imagen oficial'
                    : item.uploader
                      ? `Subido por ${item.uploader}`
                      : item.caption || 'Foto'}
                </span>
                {item.mediaId !== null ? <ReportButton mediaId={item.mediaId} /> : null}
              </div>
            </li>
          ))}
        </ul>
      )}
      {loading ? null : media.length === 0 ? (
        <p className="muted gallery-note">Aún no hay fotos de la comunidad para este festival.</p>
      ) : null}

      {open !== null && items[open] ? (
        <Lightbox
          items={items}
          index={open}
          festivalName={festival.name}
          signedIn={Boolean(user)}
          onIndex={setOpen}
          onClose={() => setOpen(null)}
          onVote={(item, n) => void vote(item, n)}
        />
      ) : null}
    </section>
  );
}
