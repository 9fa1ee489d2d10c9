import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { mediaUrl } from '../../../lib/api-client';
import { decideMedia, deleteMedia, hideMedia, loadMediaFile } from '../api/admin-api';
import type { RunAction } from '../hooks/use-admin-actions';
import { formatDateTime, statusBadge, statusLabels } from '../format';
import { PendingAllTabs, TabPanel, type PendingOrAll } from './tabs';
import type { AdminMedia } from '#core/response-schemas';

interface MediaTabProps {
  pending: AdminMedia[];
  all: AdminMedia[];
  run: RunAction;
  busy: boolean;
  onEdit: (media: AdminMedia | null) => void;
}

interface PreviewProps {
  type: 'image' | 'video';
  url: string;
  label: string;
  /** A hidden stored photo's admin route (`file_url`): it is no longer at its URL. */
  fileUrl?: string | null;
}

export function MediaPreview({ type, url, label, fileUrl }: PreviewProps) {
  const stored = useHiddenPhoto(type === 'image' ? (fileUrl ?? undefined) : undefined);
  // A hidden photo is no longer at its URL: asking for it there would only get a 404.
  if (stored === 'loading') return <div className="admin-media-preview" role="img" aria-label={label} />;
  const src = stored ?? mediaUrl(url) ?? '';
  return type === 'video' ? (
    <video className="admin-media-preview" src={src} muted preload="metadata" aria-label={label} />
  ) : (
    <img className="admin-media-preview" src={src} alt={label} loading="lazy" />
  );
}

/** An object URL of a hidden photo's file, 'loading' until it arrives, and null when there is none to read. */
function useHiddenPhoto(fileUrl: string | undefined): string | 'loading' | null {
  const [loaded, setLoaded] = useState<{ fileUrl: string; src: string | null } | null>(null);
  useEffect(() => {
    if (fileUrl === undefined) return;
    const controller = new AbortController();
    let objectUrl: string | null = null;
    loadMediaFile(fileUrl, controller.signal).then(
      (blob) => {
        objectUrl = URL.createObjectURL(blob);
        setLoaded({ fileUrl, src: objectUrl });
      },
      () => {
        if (!controller.signal.aborted) setLoaded({ fileUrl, src: null });
      },
    );
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [fileUrl]);
  if (fileUrl === undefined) return null;
  return loaded?.fileUrl === fileUrl ? loaded.src : 'loading';
}

/** Fotos/Vídeos: Pendientes / Todos, approve or reject pending, hide, create, edit, delete. */
export function MediaTab({ pending, all, run, busy, onEdit }: MediaTabProps) {
  const [sub, setSub] = useState<PendingOrAll>('pending');
  const list = sub === 'pending' ? pending : all;
  return (
    <div>
      <div className="admin-toolbar">
        <PendingAllTabs
          id="admin-media"
          label="Fotos y vídeos"
          active={sub}
          onChange={setSub}
          pending={pending.length}
          all={all.length}
        />
        <div className="admin-toolbar-actions">
          <button type="button" className="btn btn-sm btn-primary" onClick={() => onEdit(null)}>
            Nueva foto o vídeo
          </button>
        </div>
      </div>
      <TabPanel id="admin-media" tab={sub}>
        {list.length === 0 ? (
          <p className="admin-empty">
            {sub === 'pending' ? 'No hay fotos ni vídeos pendientes de revisión.' : 'Todavía no hay fotos ni vídeos.'}
          </p>
        ) : (
          <ul className="admin-media-grid">
            {list.map((m) => {
              const label = `${m.type === 'video' ? 'Vídeo' : 'Foto'} ${m.id} de ${m.Festival.name}`;
              return (
                <li key={m.id} className="card admin-media-card">
                  <MediaPreview type={m.type} url={m.url} label={label} fileUrl={m.file_url} />
                  <div className="admin-media-body">
                    <div className="admin-card-head">
                      <Link to={paths.festival(m.Festival.id, m.Festival.name)} className="admin-strong">
                        {m.Festival.name}
                      </Link>
                      <span className={statusBadge[m.status]}>{statusLabels[m.status]}</span>
                    </div>
                    {m.hidden_at && <span className="badge admin-badge-rejected">Oculto</span>}
                    {m.caption && <p className="admin-text">{m.caption}</p>}
                    {m.comment && <p className="admin-text muted">“{m.comment}”</p>}
                    <p className="admin-meta">
                      {m.type === 'video' ? 'Vídeo' : 'Imagen'} · Subido por {m.User?.name ?? 'Anónimo'} ·{' '}
                      {formatDateTime(m.uploaded_at)}
                    </p>
                    {m.votesCount > 0 && (
                      <p className="admin-meta">
                        {m.rating.toFixed(1)}/5 · {m.votesCount} {m.votesCount === 1 ? 'voto' : 'votos'}
                      </p>
                    )}
                    <div className="admin-actions">
                      {m.status === 'pending' && (
                        <>
                          <button
                            type="button"
                            className="btn btn-sm admin-approve"
                            disabled={busy}
                            onClick={() => void run(() => decideMedia(m.id, 'approved'))}
                          >
                            Aprobar<span className="visually-hidden"> {label}</span>
                          </button>
                          <button
                            type="button"
                            className="btn btn-sm admin-reject"
                            disabled={busy}
                            onClick={() => void run(() => decideMedia(m.id, 'rejected'))}
                          >
                            Rechazar<span className="visually-hidden"> {label}</span>
                          </button>
                        </>
                      )}
                      {!m.hidden_at && m.status === 'approved' && (
                        <button
                          type="button"
                          className="btn btn-sm btn-ghost"
                          disabled={busy}
                          onClick={() =>
                            void run(() => hideMedia(m.id), {
                              confirm: {
                                title: 'Ocultar contenido',
                                message: '¿Seguro que quieres ocultar/bloquear este contenido?',
                                confirmLabel: 'Ocultar',
                                danger: true,
                              },
                            })
                          }
                        >
                          Ocultar<span className="visually-hidden"> {label}</span>
                        </button>
                      )}
                      <button type="button" className="btn btn-sm btn-ghost" disabled={busy} onClick={() => onEdit(m)}>
                        Editar<span className="visually-hidden"> {label}</span>
                      </button>
                      <button
                        type="button"
                        className="btn btn-sm btn-ghost admin-danger-text"
                        disabled={busy}
                        onClick={() =>
                          void run(() => deleteMedia(m.id), {
                            confirm: {
                              title: 'Eliminar contenido',
                              message: '¿Seguro que quieres eliminar esta foto o vídeo? No se puede deshacer.',
                              confirmLabel: 'Eliminar',
                              danger: true,
                            },
                          })
                        }
                      >
                        Eliminar<span className="visually-hidden"> {label}</span>
                      </button>
                    </div>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </TabPanel>
    </div>
  );
}
