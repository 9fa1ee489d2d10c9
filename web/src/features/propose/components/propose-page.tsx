import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import {
  imageFileError,
  IMAGE_MAX_BYTES,
  imageContentTypes,
  MAX_IMAGES_PER_FESTIVAL,
  TOO_MANY_IMAGES_MESSAGE,
} from '../../../../../core/community-schemas';
import { formatDateRange, parseDateInput } from '../../../../../core/dates';
import { proposeFestivalSchema, type ProposeFestivalInput } from '../../../../../core/festival-schemas';
import type { Festival } from '../../../../../core/types';
import { useToast } from '../../../components/toast/toast-provider';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { proposeFestival } from '../api/propose-festival';
import { uploadProposalImage } from '../api/upload-image';
import './propose.css';

/** Spec §8 "Propose". */
export const messages = {
  success: 'Festival propuesto... pendiente de revisión',
  duplicate: 'Ya existe un festival pendiente o aprobado con ese nombre y localización.',
  invalid: 'Error al proponer festival. Revisa los datos.',
  network: 'Error de red o servidor.',
  images: 'Las imágenes no se pudieron subir correctamente.',
};

type Field = 'name' | 'location' | 'start_date' | 'end_date' | 'description' | 'website' | 'genres';
const fieldOrder: Field[] = ['name', 'location', 'start_date', 'end_date', 'description', 'website', 'genres'];
type Errors = Partial<Record<Field | 'images' | 'form', string>>;

interface ImageItem {
  id: string;
  file: File;
  preview: string;
  /** 0-1 while uploading. */
  progress: number;
  state: 'ready' | 'uploading' | 'done' | 'failed';
}

const empty: Record<Field, string> = { name: '', location: '', start_date: '', end_date: '', description: '', website: '', genres: '' };

const formatSize = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);

function issuesToErrors(issues: { path: string; message: string }[]): Errors {
  const errors: Errors = {};
  for (const issue of issues) {
    const key = issue.path.split('.')[0] as Field;
    if (fieldOrder.includes(key) && !errors[key]) errors[key] = issue.message;
  }
  return errors;
}

interface ProposePageProps {
  /** The shell's sign-in control, shown to signed-out visitors (features do not import each other). */
  signIn?: ReactNode;
}

export function ProposePage({ signIn }: ProposePageProps) {
  const { user, checking } = useAuth();
  const toast = useToast();
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<Errors>({});
  const [images, setImages] = useState<ImageItem[]>([]);
  const [phase, setPhase] = useState<'editing' | 'sending' | 'uploading' | 'done'>('editing');
  const [created, setCreated] = useState<{ festival: Festival; imagesFailed: number } | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const doneHeading = useRef<HTMLHeadingElement>(null);
  const uid = useId();

  // Object URLs of the previews are released when the images go away.
  const previews = useRef(new Set<string>());
  useEffect(() => () => previews.current.forEach((url) => URL.revokeObjectURL(url)), []);
  useEffect(() => {
    if (phase === 'done') doneHeading.current?.focus();
  }, [phase]);

  const set = (field: Field) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    setValues((v) => ({ ...v, [field]: event.target.value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const addFiles = (list: FileList | null) => {
    if (!list) return;
    const files = [...list];
    const problems: string[] = [];
    const accepted: ImageItem[] = [];
    for (const file of files) {
      const problem = imageFileError(file);
      if (problem) {
        problems.push(`${file.name}: ${problem}`);
        continue;
      }
      if (images.length + accepted.length >= MAX_IMAGES_PER_FESTIVAL) {
        problems.push(TOO_MANY_IMAGES_MESSAGE);
        break;
      }
      const preview = URL.createObjectURL(file);
      previews.current.add(preview);
      accepted.push({ id: `${file.name}-${file.size}-${Math.random().toString(36).slice(2)}`, file, preview, progress: 0, state: 'ready' });
    }
    setImages((current) => [...current, ...accepted]);
    setErrors((e) => ({ ...e, images: problems.length ? [...new Set(problems)].join(' ') : undefined }));
    if (problems.includes(TOO_MANY_IMAGES_MESSAGE)) toast(TOO_MANY_IMAGES_MESSAGE, 'error');
    if (fileInput.current) fileInput.current.value = '';
  };

  const removeImage = (id: string) => {
    setImages((current) => {
      const item = current.find((i) => i.id === id);
      if (item) {
        URL.revokeObjectURL(item.preview);
        previews.current.delete(item.preview);
      }
      return current.filter((i) => i.id !== id);
    });
    setErrors((e) => ({ ...e, images: undefined }));
  };

  const focusFirstError = (found: Errors) => {
    const first = fieldOrder.find((f) => found[f]);
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (phase !== 'editing') return;
    const input: ProposeFestivalInput = { ...values };
    const parsed = proposeFestivalSchema.safeParse(input);
    if (!parsed.success) {
      const found = issuesToErrors(parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })));
      setErrors(found);
      focusFirstError(found);
      return;
    }
    setErrors({});
    setPhase('sending');
    let festival: Festival;
    try {
      festival = await proposeFestival(parsed.data);
    } catch (error) {
      setPhase('editing');
      const status = error instanceof ApiError ? error.status : 0;
      // 429: the server's Spanish text says which limit (too many proposals lately, or too many waiting for review).
      const message =
        status === 409 ? messages.duplicate : status === 429 && error instanceof ApiError ? error.message : status === 0 ? messages.network : messages.invalid;
      const fieldErrors = error instanceof ApiError && Array.isArray(error.details) ? issuesToErrors(error.details as { path: string; message: string }[]) : {};
      setErrors({ ...fieldErrors, form: message });
      toast(message, 'error');
      focusFirstError(fieldErrors);
      return;
    }

    let failed = 0;
    if (images.length) {
      setPhase('uploading');
      for (const item of images) {
        setImages((list) => list.map((i) => (i.id === item.id ? { ...i, state: 'uploading', progress: 0 } : i)));
        try {
          await uploadProposalImage(festival.id, item.file, (progress) =>
            setImages((list) => list.map((i) => (i.id === item.id ? { ...i, progress } : i))),
          );
          setImages((list) => list.map((i) => (i.id === item.id ? { ...i, state: 'done', progress: 1 } : i)));
        } catch (error) {
          failed += 1;
          console.warn('No se pudo subir la imagen', item.file.name, error);
          setImages((list) => list.map((i) => (i.id === item.id ? { ...i, state: 'failed' } : i)));
        }
      }
      if (failed) toast(messages.images, 'error', 5000);
    }
    toast(messages.success, 'success', 4000);
    setCreated({ festival, imagesFailed: failed });
    setPhase('done');
  };

  const reset = () => {
    previews.current.forEach((url) => URL.revokeObjectURL(url));
    previews.current.clear();
    setValues(empty);
    setImages([]);
    setErrors({});
    setCreated(null);
    setPhase('editing');
  };

  if (checking) {
    return (
      <div className="page">
        <div className="container propose-narrow">
          <p className="muted" role="status">
            Comprobando tu sesión...
          </p>
        </div>
      </div>
    );
  }

  if (!user) {
    return (
      <div className="page">
        <div className="container propose-narrow">
          <h1 className="page-title">Proponer festival</h1>
          <section className="card propose-signin" aria-labelledby="propose-signin-title">
            <h2 id="propose-signin-title">Inicia sesión para proponer un festival</h2>
            <p className="muted">
              Las propuestas las revisa nuestro equipo antes de publicarlas. Necesitamos saber quién las envía para avisarte cuando
              tu festival se apruebe.
            </p>
            {signIn && <div className="propose-signin-action">{signIn}</div>}
            <p className="muted propose-signin-note">
              ¿Solo quieres avisarnos? También puedes escribirnos desde <Link to={paths.contact()}>Contacto</Link>.
            </p>
          </section>
        </div>
      </div>
    );
  }

  if (phase === 'done' && created) {
    const { festival, imagesFailed } = created;
    return (
      <div className="page">
        <div className="container propose-narrow">
          <section className="card propose-done" aria-labelledby="propose-done-title">
            <div className="propose-done-icon" aria-hidden="true">
              ✓
            </div>
            <h1 id="propose-done-title" ref={doneHeading} tabIndex={-1} className="page-title">
              {messages.success}
            </h1>
            <p>
              Gracias por proponer <strong>{festival.name}</strong> ({formatDateRange(festival.start_date, festival.end_date)}). Nuestro
              equipo lo revisará y te avisaremos con una notificación cuando se apruebe.
            </p>
            {images.length > 0 && (
              <p className={imagesFailed ? 'field-error' : 'muted'} role={imagesFailed ? 'alert' : undefined}>
                {imagesFailed
                  ? `${messages.images} (${imagesFailed} de ${images.length})`
                  : `${images.length} ${images.length === 1 ? 'imagen subida' : 'imágenes subidas'} con la propuesta.`}
              </p>
            )}
            <div className="propose-actions">
              <button type="button" className="btn btn-primary" onClick={reset}>
                Proponer otro festival
              </button>
              <Link className="btn" to={paths.home()}>
                Volver al inicio
              </Link>
            </div>
          </section>
        </div>
      </div>
    );
  }

  const busy = phase !== 'editing';
  const describedBy = (field: Field | 'images', hint?: boolean) =>
    [hint ? `${uid}-${field}-hint` : '', errors[field] ? `${uid}-${field}-error` : ''].filter(Boolean).join(' ') || undefined;
  const errorText = (field: Field | 'images') =>
    errors[field] ? (
      <p id={`${uid}-${field}-error`} className="field-error">
        {errors[field]}
      </p>
    ) : null;
  const dateHint = (field: 'start_date' | 'end_date') => {
    const iso = values[field].trim() ? parseDateInput(values[field]) : null;
    return iso ? `Se guardará como ${formatDateRange(iso, null)}.` : 'Formato DD-MM-AAAA (también AAAA-MM-DD o DD/MM/AAAA).';
  };
  const genres = values.genres
    .split(',')
    .map((g) => g.trim())
    .filter(Boolean);

  return (
    <div className="page">
      <div className="container propose-narrow">
        <header className="propose-header">
          <h1 className="page-title">
            Proponer <span className="gradient-text">festival</span>
          </h1>
          <p className="muted">
            ¿Conoces un festival de música electrónica que no está en Festivales? Cuéntanos los detalles: lo revisaremos y, si todo
            está bien, lo publicaremos en la lista, el mapa y el calendario.
          </p>
        </header>

        <form ref={formRef} className="card propose-form" onSubmit={submit} noValidate aria-busy={busy}>
          {errors.form && (
            <div className="form-status form-status-error propose-form-error" role="alert">
              {errors.form}
            </div>
          )}
          <p className="muted propose-required-note">
            Los campos marcados con <span aria-hidden="true">*</span>
            <span className="visually-hidden">asterisco</span> son obligatorios.
          </p>

          <fieldset className="propose-fieldset" disabled={busy}>
            <legend>Datos del festival</legend>
            <div className="field">
              <label htmlFor={`${uid}-name`}>
                Nombre del festival<span className="propose-req" aria-hidden="true">*</span>
              </label>
              <input id={`${uid}-name`} name="name" className="input" required aria-required="true" aria-invalid={Boolean(errors.name)} aria-describedby={describedBy('name')} value={values.name} onChange={set('name')} maxLength={200} autoComplete="off" />
              {errorText('name')}
            </div>
            <div className="field">
              <label htmlFor={`${uid}-location`}>
                Ubicación<span className="propose-req" aria-hidden="true">*</span>
              </label>
              <input id={`${uid}-location`} name="location" className="input" required aria-required="true" placeholder="Ciudad, País" aria-invalid={Boolean(errors.location)} aria-describedby={describedBy('location')} value={values.location} onChange={set('location')} maxLength={200} />
              {errorText('location')}
            </div>
            <div className="propose-row">
              {(['start_date', 'end_date'] as const).map((field) => (
                <div className="field" key={field}>
                  <label htmlFor={`${uid}-${field}`}>
                    {field === 'start_date' ? 'Fecha de inicio' : 'Fecha de fin'}
                    <span className="propose-req" aria-hidden="true">*</span>
                  </label>
                  <input
                    id={`${uid}-${field}`}
                    name={field}
                    className="input"
                    required
                    aria-required="true"
                    placeholder="DD-MM-AAAA"
                    inputMode="numeric"
                    autoComplete="off"
                    aria-invalid={Boolean(errors[field])}
                    aria-describedby={describedBy(field, true)}
                    value={values[field]}
                    onChange={set(field)}
                  />
                  <p id={`${uid}-${field}-hint`} className="field-hint">
                    {dateHint(field)}
                  </p>
                  {errorText(field)}
                </div>
              ))}
            </div>
            <div className="field">
              <label htmlFor={`${uid}-description`}>
                Descripción<span className="propose-req" aria-hidden="true">*</span>
              </label>
              <textarea id={`${uid}-description`} name="description" className="textarea" rows={6} required aria-required="true" aria-invalid={Boolean(errors.description)} aria-describedby={describedBy('description', true)} value={values.description} onChange={set('description')} />
              <p id={`${uid}-description-hint`} className="field-hint">
                Qué lo hace especial: estilo, escenarios, artistas habituales, ambiente. Admite formato Markdown.
              </p>
              {errorText('description')}
            </div>
          </fieldset>

          <fieldset className="propose-fieldset" disabled={busy}>
            <legend>Información opcional</legend>
            <div className="field">
              <label htmlFor={`${uid}-website`}>Sitio web oficial</label>
              <input id={`${uid}-website`} name="website" className="input" type="url" inputMode="url" placeholder="https://" aria-invalid={Boolean(errors.website)} aria-describedby={describedBy('website')} value={values.website} onChange={set('website')} />
              {errorText('website')}
            </div>
            <div className="field">
              <label htmlFor={`${uid}-genres`}>Géneros</label>
              <input id={`${uid}-genres`} name="genres" className="input" placeholder="Techno, House, Trance" aria-invalid={Boolean(errors.genres)} aria-describedby={describedBy('genres', true)} value={values.genres} onChange={set('genres')} />
              <p id={`${uid}-genres-hint`} className="field-hint">
                Separados por comas.
              </p>
              {genres.length > 0 && (
                <ul className="propose-genres" aria-label="Géneros que se guardarán">
                  {genres.map((g, i) => (
                    <li key={`${g}-${i}`} className="badge">
                      {g}
                    </li>
                  ))}
                </ul>
              )}
              {errorText('genres')}
            </div>

            <div className="field">
              <span className="field-label" id={`${uid}-images-label`}>
                Imágenes
              </span>
              <p id={`${uid}-images-hint`} className="field-hint">
                Hasta {MAX_IMAGES_PER_FESTIVAL} imágenes JPG, PNG, GIF o WEBP de {IMAGE_MAX_BYTES / 1024 / 1024} MB como máximo cada una.
              </p>
              <div className="propose-dropzone">
                <input
                  ref={fileInput}
                  id={`${uid}-images`}
                  className="visually-hidden"
                  type="file"
                  multiple
                  accept={imageContentTypes.join(',')}
                  aria-describedby={describedBy('images', true)}
                  onChange={(e) => addFiles(e.target.files)}
                  disabled={busy || images.length >= MAX_IMAGES_PER_FESTIVAL}
                />
                <label htmlFor={`${uid}-images`} className={`btn btn-sm${images.length >= MAX_IMAGES_PER_FESTIVAL ? ' is-disabled' : ''}`}>
                  Añadir imágenes
                </label>
                <span className="muted">
                  {images.length} / {MAX_IMAGES_PER_FESTIVAL}
                </span>
              </div>
              {errorText('images')}
              {images.length > 0 && (
                <ul className="propose-images" aria-labelledby={`${uid}-images-label`}>
                  {images.map((item) => (
                    <li key={item.id} className={`propose-image is-${item.state}`}>
                      <img src={item.preview} alt="" />
                      <div className="propose-image-info">
                        <span className="propose-image-name">{item.file.name}</span>
                        <span className="muted">{formatSize(item.file.size)}</span>
                        {item.state !== 'ready' && (
                          <>
                            <progress max={1} value={item.progress} aria-label={`Progreso de ${item.file.name}`} />
                            <span className="propose-image-state" aria-live="polite">
                              {item.state === 'uploading'
                                ? `Subiendo ${Math.round(item.progress * 100)}%`
                                : item.state === 'done'
                                  ? 'Subida'
                                  : 'Error al subir'}
                            </span>
                          </>
                        )}
                      </div>
                      {item.state === 'ready' && (
                        <button type="button" className="btn btn-ghost btn-sm" onClick={() => removeImage(item.id)} aria-label={`Quitar ${item.file.name}`}>
                          Quitar
                        </button>
                      )}
                    </li>
                  ))}
                </ul>
              )}
            </div>
          </fieldset>

          <div className="propose-actions">
            <button type="submit" className="btn btn-primary" disabled={busy}>
              {phase === 'sending' ? 'Enviando...' : phase === 'uploading' ? 'Subiendo imágenes...' : 'Proponer festival'}
            </button>
            <span className="muted propose-review-note">Tu propuesta quedará pendiente de revisión.</span>
          </div>
        </form>
      </div>
    </div>
  );
}
