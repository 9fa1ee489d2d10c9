import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Trash2Icon } from 'lucide-react';
import {
  COMMENT_MAX_LENGTH,
  commentSchema,
  imageExtensions,
  imageFileError,
  MAX_IMAGES_PER_REQUEST,
  TOO_MANY_IMAGES_MESSAGE,
} from '#core/community-schemas';
import { formatDate } from '#core/dates';
import { Avatar } from '../../../components/layout/avatar';
import { ConfirmDialog } from '../../../components/ui/modal';
import { Stars } from '../../../components/ui/stars';
import { useToast } from '../../../components/toast/toast-provider';
import { useAuth } from '../../../lib/auth';
import { zodFieldErrors } from '../../../lib/form-errors';
import { queryClient, useQuery } from '../../../lib/use-server-data';
import { createComment, createCommentWithMedia, deleteComment, getComments } from '../api/comments';
import { StarInput } from './star-input';
import type { Comment, Festival } from '#core/response-schemas';

interface Props {
  festival: Festival;
  /** Called after a comment is removed (the festival's rating may change; a new comment counts once approved). */
  onChange: () => void;
  /** The sign-in control offered to anonymous visitors (auth feature). */
  signIn: ReactNode;
  /** A past edition picked on the page: only its comments are listed, and a new one is about it. */
  editionYear?: number | null;
}

/** A festival's comments: the list, the form with its 300-character counter and star rating, delete own. */
export function CommentsSection({ festival, onChange, signIn, editionYear = null }: Props) {
  const { user } = useAuth();
  const toast = useToast();
  const queryKey = ['comments', festival.id, editionYear];
  const list = useQuery({ queryKey, queryFn: ({ signal }) => getComments(festival.id, editionYear, signal) });
  const comments = list.data ?? [];
  const setComments = (update: (list: Comment[]) => Comment[]) =>
    queryClient.setQueryData<Comment[]>(queryKey, (current) => update(current ?? []));
  const loading = list.isLoading;
  const [deleting, setDeleting] = useState<Comment | null>(null);
  const [busyDelete, setBusyDelete] = useState(false);

  useEffect(() => {
    if (list.error) console.warn('No se pudieron cargar los comentarios', list.error);
  }, [list.error]);

  const remove = async (comment: Comment) => {
    setBusyDelete(true);
    try {
      await deleteComment(comment.id);
      setComments((list) => list.filter((c) => c.id !== comment.id));
      toast('Comentario borrado', 'success');
      onChange();
    } catch (error) {
      console.warn(error);
      toast('No se pudo borrar el comentario', 'error');
    } finally {
      setBusyDelete(false);
      setDeleting(null);
    }
  };

  return (
    <section id="comentarios" className="detail-section" tabIndex={-1} aria-labelledby="comentarios-title">
      <h2 id="comentarios-title" className="section-title">
        {editionYear === null ? 'Comentarios' : `Comentarios de la edición ${editionYear}`}{' '}
        {comments.length ? <span className="muted count">({comments.length})</span> : null}
      </h2>
      <div className="comments-layout">
        <div className="card comment-form-card">
          {user ? (
            <CommentForm
              festivalId={festival.id}
              editionYear={editionYear}
              onCreated={(comment) => setComments((list) => [comment, ...list])}
            />
          ) : (
            <div className="comment-signin">
              <h3>Inicia sesión para comentar</h3>
              <p className="muted">Comparte tu experiencia y puntúa el festival con tu cuenta de Google.</p>
              {signIn}
            </div>
          )}
        </div>
        <div>
          {loading ? (
            <p className="muted">Cargando comentarios...</p>
          ) : comments.length === 0 ? (
            <p className="muted comments-empty">
              {editionYear === null
                ? 'Todavía no hay comentarios. ¡Sé el primero en opinar!'
                : `Todavía no hay comentarios sobre la edición ${editionYear}.`}
            </p>
          ) : (
            <ul className="comment-list">
              {comments.map((c) => (
                <li key={c.id} className="comment">
                  <Avatar name={c.User?.name ?? '?'} url={c.User?.avatar_url} />
                  <div className="comment-body">
                    <div className="comment-head">
                      <strong>{c.User?.name ?? 'Anónimo'}</strong>
                      <span className="muted small">{formatDate(c.created_at)}</span>
                    </div>
                    <div className="comment-rating">
                      <Stars value={c.rating} />
                      <span className="visually-hidden">{c.rating} de 5 estrellas</span>
                      {/* Only its author gets a pending comment from the server (pending until an admin approves it). */}
                      {c.status === 'pending' ? (
                        <span className="badge badge-warning">Pendiente de revisión</span>
                      ) : null}
                    </div>
                    <p className="comment-text">{c.content}</p>
                    {user && c.User?.id === user.id ? (
                      <button
                        type="button"
                        className="btn btn-sm btn-ghost comment-delete"
                        onClick={() => setDeleting(c)}
                      >
                        <Trash2Icon className="icon" /> Borrar
                      </button>
                    ) : null}
                  </div>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
      {deleting ? (
        <ConfirmDialog
          title="¿Borrar comentario?"
          message={<p>Tu comentario y su puntuación se eliminarán.</p>}
          confirmLabel="Borrar"
          busyLabel="Borrando..."
          busy={busyDelete}
          danger
          onConfirm={() => void remove(deleting)}
          onCancel={() => setDeleting(null)}
        />
      ) : null}
    </section>
  );
}

function CommentForm({
  festivalId,
  editionYear,
  onCreated,
}: {
  festivalId: number;
  editionYear: number | null;
  onCreated: (c: Comment) => void;
}) {
  const toast = useToast();
  const id = useId();
  const [content, setContent] = useState('');
  const [rating, setRating] = useState(0);
  const [errors, setErrors] = useState<{ content?: string; rating?: string; images?: string }>({});
  const [sending, setSending] = useState(false);
  const [images, setImages] = useState<File[]>([]);
  const fileInput = useRef<HTMLInputElement>(null);

  const pickImages = (files: FileList | null) => {
    const list = [...(files ?? [])];
    const problem =
      list.length > MAX_IMAGES_PER_REQUEST ? TOO_MANY_IMAGES_MESSAGE : list.map((f) => imageFileError(f)).find(Boolean);
    if (problem) {
      setErrors((e) => ({ ...e, images: problem }));
      setImages([]);
      if (fileInput.current) fileInput.current.value = '';
      return;
    }
    setErrors((e) => ({ ...e, images: undefined }));
    setImages(list);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = commentSchema.safeParse({
      festival_id: festivalId,
      content,
      rating,
      edition_year: editionYear ?? undefined,
    });
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error, ['content', 'rating']));
      return;
    }
    setErrors({});
    setSending(true);
    try {
      const created = images.length
        ? await createCommentWithMedia(parsed.data, images)
        : await createComment(parsed.data);
      onCreated(created);
      setContent('');
      setRating(0);
      setImages([]);
      if (fileInput.current) fileInput.current.value = '';
      toast('¡Comentario y puntuación publicados!', 'success');
      toast(
        images.length
          ? 'Tu comentario, tu puntuación y tus fotos serán visibles para todos cuando un administrador los apruebe.'
          : 'Tu comentario y tu puntuación serán visibles para todos cuando un administrador los apruebe.',
        'info',
        5000,
      );
    } catch (error) {
      console.warn('Error al comentar/puntuar', error);
      toast('No se pudo enviar el comentario y puntuación', 'error');
    } finally {
      setSending(false);
    }
  };

  const length = content.length;
  return (
    <form className="stack" onSubmit={submit} noValidate>
      <h3>{editionYear === null ? 'Deja tu opinión' : `Deja tu opinión sobre la edición ${editionYear}`}</h3>
      <div className="field">
        <label htmlFor={`${id}-content`}>Tu comentario</label>
        <textarea
          id={`${id}-content`}
          className="textarea"
          maxLength={COMMENT_MAX_LENGTH}
          value={content}
          placeholder="¿Qué tal el sonido, el ambiente, la organización...?"
          aria-invalid={errors.content ? true : undefined}
          aria-describedby={`${id}-count${errors.content ? ` ${id}-content-error` : ''}`}
          onChange={(e) => setContent(e.target.value)}
        />
        <span
          id={`${id}-count`}
          className={length >= COMMENT_MAX_LENGTH ? 'field-hint char-count is-full' : 'field-hint char-count'}
        >
          {length}/{COMMENT_MAX_LENGTH}
        </span>
        {errors.content ? (
          <span id={`${id}-content-error`} className="field-error" role="alert">
            {errors.content}
          </span>
        ) : null}
      </div>
      <StarInput
        value={rating}
        onChange={setRating}
        invalid={Boolean(errors.rating)}
        describedBy={errors.rating ? `${id}-rating-error` : undefined}
      />
      {errors.rating ? (
        <span id={`${id}-rating-error`} className="field-error" role="alert">
          {errors.rating}
        </span>
      ) : null}
      <div className="field">
        <label htmlFor={`${id}-images`}>Fotos (opcional)</label>
        <input
          ref={fileInput}
          id={`${id}-images`}
          className="file-input"
          type="file"
          multiple
          accept={imageExtensions.map((e) => `.${e}`).join(',')}
          aria-describedby={`${id}-images-hint${errors.images ? ` ${id}-images-error` : ''}`}
          onChange={(e) => pickImages(e.target.files)}
        />
        <span id={`${id}-images-hint`} className="field-hint">
          Hasta {MAX_IMAGES_PER_REQUEST} imágenes JPG, PNG, GIF o WEBP de 5 MB como máximo.
        </span>
        {errors.images ? (
          <span id={`${id}-images-error`} className="field-error" role="alert">
            {errors.images}
          </span>
        ) : null}
      </div>
      <div>
        <button type="submit" className="btn btn-primary" disabled={sending}>
          {sending ? 'Publicando...' : 'Publicar comentario'}
        </button>
      </div>
    </form>
  );
}
