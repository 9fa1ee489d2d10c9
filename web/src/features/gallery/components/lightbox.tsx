import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { ChevronLeftIcon, ChevronRightIcon, DownloadIcon, Maximize2Icon, Share2Icon, XIcon } from 'lucide-react';
import { formatRating } from '../../../components/ui/stars';
import { Photo } from '../../../components/ui/photo';
import { Spinner } from '../../../components/ui/spinner';
import { useToast } from '../../../components/toast/toast-provider';
import { shareLink } from '../../../lib/share';
import { isTopLayer, useFocusTrap } from '../../../lib/use-focus-trap';
import { useScrollLock } from '../../../lib/use-scroll-lock';
import type { GalleryItem } from '../api/gallery-items';
import { ReportButton } from './report-button';
import { VoteStars } from './vote-stars';
import './lightbox.css';
import { useLatest } from '../../../lib/use-latest';

interface Props {
  items: GalleryItem[];
  index: number;
  festivalName: string;
  signedIn: boolean;
  onIndex: (index: number) => void;
  onClose: () => void;
  onVote: (item: GalleryItem, rating: number) => void;
}

async function download(item: GalleryItem) {
  const name = `festival-photo-${item.downloadId}.jpg`;
  try {
    const res = await fetch(item.url);
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    const href = URL.createObjectURL(await res.blob());
    const a = document.createElement('a');
    a.href = href;
    a.download = name;
    document.body.appendChild(a);
    a.click();
    a.remove();
    window.setTimeout(() => URL.revokeObjectURL(href), 10_000);
  } catch (error) {
    console.warn('No se pudo descargar la imagen', error);
    window.open(item.url, '_blank', 'noopener');
  }
}

/**
 * The lightbox: 'n / total', share, download, fullscreen, close, previous, next; Escape closes,
 * arrows navigate, F toggles fullscreen; scroll locked; 'Cargando imagen...' while the image loads.
 */
export function Lightbox({ items, index, festivalName, signedIn, onIndex, onClose, onVote }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const toast = useToast();
  const [loaded, setLoaded] = useState(false);
  const [fullscreen, setFullscreen] = useState(false);
  const [direction, setDirection] = useState<'next' | 'prev' | null>(null);
  const item = items[index];
  const total = items.length;
  useScrollLock(true);
  useFocusTrap(ref, true, onClose, closeButton);

  const go = (to: number) => {
    if (to < 0 || to >= total || to === index) return;
    setDirection(to > index ? 'next' : 'prev');
    setLoaded(false);
    onIndex(to);
  };
  const goRef = useLatest(go);

  const toggleFullscreen = async () => {
    try {
      if (document.fullscreenElement) await document.exitFullscreen();
      else await ref.current?.requestFullscreen();
    } catch (error) {
      console.warn('Pantalla completa no disponible', error);
    }
  };
  const toggleRef = useLatest(toggleFullscreen);

  useEffect(() => {
    const onChange = () => setFullscreen(document.fullscreenElement === ref.current);
    document.addEventListener('fullscreenchange', onChange);
    return () => {
      document.removeEventListener('fullscreenchange', onChange);
      if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    };
  }, []);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!isTopLayer(ref.current)) return;
      const target = event.target as HTMLElement;
      if (target.closest('input, textarea, select, video')) return;
      if (event.key === 'ArrowLeft') goRef.current(index - 1);
      else if (event.key === 'ArrowRight') goRef.current(index + 1);
      else if (event.key === 'f' || event.key === 'F') void toggleRef.current();
      else return;
      event.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [goRef, index, toggleRef]);

  if (!item) return null;
  const title = item.caption || `Foto de ${festivalName}`;
  const shareUrl = `${window.location.origin}${window.location.pathname}#galeria`;

  return createPortal(
    <div
      ref={ref}
      className={fullscreen ? 'lightbox is-fullscreen' : 'lightbox'}
      role="dialog"
      aria-modal="true"
      aria-label={`Galería de ${festivalName}`}
    >
      <div className="lightbox-top">
        <span className="lightbox-counter" aria-live="polite">
          {index + 1} / {total}
        </span>
        <div className="lightbox-tools">
          <button
            type="button"
            className="lightbox-btn"
            aria-label="Compartir"
            title="Compartir"
            onClick={() => void shareLink({ title: `${title} - Festivales`, url: shareUrl }, toast)}
          >
            <Share2Icon className="icon" />
          </button>
          <button
            type="button"
            className="lightbox-btn"
            aria-label="Descargar"
            title="Descargar"
            onClick={() => void download(item)}
          >
            <DownloadIcon className="icon" />
          </button>
          <button
            type="button"
            className="lightbox-btn"
            aria-label={fullscreen ? 'Salir de pantalla completa' : 'Pantalla completa'}
            aria-pressed={fullscreen}
            title="Pantalla completa (F)"
            onClick={() => void toggleFullscreen()}
          >
            <Maximize2Icon className="icon" />
          </button>
          <button
            ref={closeButton}
            type="button"
            className="lightbox-btn"
            aria-label="Cerrar"
            title="Cerrar (Esc)"
            onClick={onClose}
          >
            <XIcon className="icon" />
          </button>
        </div>
      </div>

      <div className="lightbox-stage">
        <button
          type="button"
          className="lightbox-nav is-prev"
          aria-label="Anterior"
          disabled={index === 0}
          onClick={() => go(index - 1)}
        >
          <ChevronLeftIcon className="icon" />
        </button>
        <figure key={item.key} className={direction ? `lightbox-figure slide-${direction}` : 'lightbox-figure'}>
          {item.type === 'video' ? (
            <video src={item.url} controls autoPlay playsInline className="lightbox-media">
              Tu navegador no soporta videos.
            </video>
          ) : (
            <>
              {!loaded ? (
                <div className="lightbox-loading">
                  <Spinner label="Cargando imagen..." />
                </div>
              ) : null}
              <Photo
                src={item.url}
                image={item.image}
                alt={title}
                sizes="100vw"
                loading="eager"
                className="lightbox-media"
                style={loaded ? undefined : { opacity: 0 }}
                onLoad={() => setLoaded(true)}
                onError={() => setLoaded(true)}
              />
            </>
          )}
        </figure>
        <button
          type="button"
          className="lightbox-nav is-next"
          aria-label="Siguiente"
          disabled={index === total - 1}
          onClick={() => go(index + 1)}
        >
          <ChevronRightIcon className="icon" />
        </button>
      </div>

      <div className="lightbox-info">
        <div className="lightbox-text">
          {item.caption ? <h2 className="lightbox-caption">{item.caption}</h2> : null}
          {item.comment ? <p className="lightbox-comment">{item.comment}</p> : null}
          {item.uploader ? <p className="muted">Subido por {item.uploader}</p> : null}
        </div>
        <div className="lightbox-actions">
          <span className="badge badge-glass" aria-label={`Valoración ${formatRating(item.rating)} de 5`}>
            {formatRating(item.rating)}/5
          </span>
          {item.mediaId !== null ? (
            <>
              {signedIn ? (
                <div className="lightbox-vote">
                  <VoteStars value={item.userRating} onVote={(n) => onVote(item, n)} />
                  {item.userRating ? <span className="muted">Tu voto: {item.userRating}/5</span> : null}
                </div>
              ) : (
                <p className="muted lightbox-signin">Inicia sesión para votar</p>
              )}
              <ReportButton mediaId={item.mediaId} className="btn btn-sm lightbox-report" />
            </>
          ) : null}
        </div>
      </div>
    </div>,
    document.body,
  );
}
