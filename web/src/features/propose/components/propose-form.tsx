import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { TOO_MANY_IMAGES_MESSAGE } from '#core/community-schemas';
import { formatDateRange, parseDateInput } from '#core/dates';
import { proposeFestivalSchema, type ProposeFestivalInput } from '#core/festival-schemas';
import { parsePastedLineup } from '#core/lineup-paste';
import { useToast } from '../../../components/toast/toast-provider';
import { ApiError } from '../../../lib/api-client';
import { serverFieldErrors, zodFieldErrors } from '../../../lib/form-errors';
import { proposeFestival } from '../api/propose-festival';
import { useProposalImages } from '../hooks/use-proposal-images';
import { proposeMessages as messages } from '../messages';
import type { Proposal } from './propose-done';
import { ProposalImagesField } from './proposal-images-field';

type Field =
  | 'name'
  | 'location'
  | 'start_date'
  | 'end_date'
  | 'description'
  | 'website'
  | 'genres'
  | 'lineup'
  | 'ticket_url'
  | 'price_from';
const fieldOrder: Field[] = [
  'name',
  'location',
  'start_date',
  'end_date',
  'description',
  'website',
  'genres',
  'lineup',
  'ticket_url',
  'price_from',
];
type Errors = Partial<Record<Field | 'images' | 'form', string>>;

const empty: Record<Field, string> = {
  name: '',
  location: '',
  start_date: '',
  end_date: '',
  description: '',
  website: '',
  genres: '',
  lineup: '',
  ticket_url: '',
  price_from: '',
};

/**
 * The artists of a pasted or typed lineup, as the admin's paste reads a poster: one a line, day and
 * stage headings ('Viernes', 'Main Stage') left out, ' · ' or ' | ' between several on one line.
 */
const lineupNames = (text: string) =>
  parsePastedLineup(text, { start_date: null, end_date: null }).map((entry) => entry.name);

/** The proposal form: checked with core's schema, sent, then its images uploaded. */
export function ProposeForm({ onProposed }: { onProposed: (proposal: Proposal) => void }) {
  const toast = useToast();
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<Errors>({});
  const [phase, setPhase] = useState<'editing' | 'sending' | 'uploading'>('editing');
  const images = useProposalImages();
  const formRef = useRef<HTMLFormElement>(null);
  const uid = useId();

  const set = (field: Field) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    setValues((v) => ({ ...v, [field]: event.target.value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const addImages = (files: File[]) => {
    const { problems, tooMany } = images.add(files);
    setErrors((e) => ({ ...e, images: problems.length ? problems.join(' ') : undefined }));
    if (tooMany) toast(TOO_MANY_IMAGES_MESSAGE, 'error');
  };

  const removeImage = (id: string) => {
    images.remove(id);
    setErrors((e) => ({ ...e, images: undefined }));
  };

  const focusFirstError = (found: Errors) => {
    const first = fieldOrder.find((f) => found[f]);
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (phase !== 'editing') return;
    const { lineup, ticket_url, price_from, ...fields } = values;
    // Optional: left empty, they are not sent at all, so the body is the festival's alone.
    const price = price_from.trim().replace(',', '.');
    const input: ProposeFestivalInput = {
      ...fields,
      ...(lineup.trim() ? { lineup: lineupNames(lineup) } : {}),
      ...(ticket_url.trim() ? { ticket_url } : {}),
      ...(price ? { price_from: price } : {}),
    };
    const parsed = proposeFestivalSchema.safeParse(input);
    if (!parsed.success) {
      const found = zodFieldErrors(parsed.error, fieldOrder);
      setErrors(found);
      focusFirstError(found);
      return;
    }
    setErrors({});
    setPhase('sending');
    let festival;
    try {
      festival = await proposeFestival(parsed.data);
    } catch (error) {
      setPhase('editing');
      const status = error instanceof ApiError ? error.status : 0;
      // 429: the server's Spanish text says which limit (too many proposals lately, or too many waiting for review).
      const message =
        status === 409
          ? messages.duplicate
          : status === 429 && error instanceof ApiError
            ? error.message
            : status === 0
              ? messages.network
              : messages.invalid;
      const fieldErrors = serverFieldErrors(error, fieldOrder);
      setErrors({ ...fieldErrors, form: message });
      toast(message, 'error');
      focusFirstError(fieldErrors);
      return;
    }

    let failed = 0;
    if (images.images.length) {
      setPhase('uploading');
      failed = await images.uploadAll(festival.id);
      if (failed) toast(messages.images, 'error', 5000);
    }
    toast(messages.success, 'success', 4000);
    onProposed({ festival, images: images.images.length, imagesFailed: failed });
  };

  const busy = phase !== 'editing';
  const describedBy = (field: Field, hint?: boolean) =>
    [hint ? `${uid}-${field}-hint` : '', errors[field] ? `${uid}-${field}-error` : ''].filter(Boolean).join(' ') ||
    undefined;
  const errorText = (field: Field) =>
    errors[field] ? (
      <p id={`${uid}-${field}-error`} className="field-error">
        {errors[field]}
      </p>
    ) : null;
  const dateHint = (field: 'start_date' | 'end_date') => {
    const iso = values[field].trim() ? parseDateInput(values[field]) : null;
    return iso
      ? `Se guardará como ${formatDateRange(iso, null)}.`
      : 'Formato DD-MM-AAAA (también AAAA-MM-DD o DD/MM/AAAA).';
  };
  const artists = values.lineup.trim() ? lineupNames(values.lineup) : [];
  const genres = values.genres
    .split(',')
    .map((g) => g.trim())
    .filter(Boolean);

  return (
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
            Nombre del festival
            <span className="propose-req" aria-hidden="true">
              *
            </span>
          </label>
          <input
            id={`${uid}-name`}
            name="name"
            className="input"
            required
            aria-required="true"
            aria-invalid={Boolean(errors.name)}
            aria-describedby={describedBy('name')}
            value={values.name}
            onChange={set('name')}
            maxLength={200}
            autoComplete="off"
          />
          {errorText('name')}
        </div>
        <div className="field">
          <label htmlFor={`${uid}-location`}>
            Ubicación
            <span className="propose-req" aria-hidden="true">
              *
            </span>
          </label>
          <input
            id={`${uid}-location`}
            name="location"
            className="input"
            required
            aria-required="true"
            placeholder="Ciudad, País"
            aria-invalid={Boolean(errors.location)}
            aria-describedby={describedBy('location')}
            value={values.location}
            onChange={set('location')}
            maxLength={200}
          />
          {errorText('location')}
        </div>
        <div className="propose-row">
          {(['start_date', 'end_date'] as const).map((field) => (
            <div className="field" key={field}>
              <label htmlFor={`${uid}-${field}`}>
                {field === 'start_date' ? 'Fecha de inicio' : 'Fecha de fin'}
                <span className="propose-req" aria-hidden="true">
                  *
                </span>
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
            Descripción
            <span className="propose-req" aria-hidden="true">
              *
            </span>
          </label>
          <textarea
            id={`${uid}-description`}
            name="description"
            className="textarea"
            rows={6}
            required
            aria-required="true"
            aria-invalid={Boolean(errors.description)}
            aria-describedby={describedBy('description', true)}
            value={values.description}
            onChange={set('description')}
          />
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
          <input
            id={`${uid}-website`}
            name="website"
            className="input"
            type="url"
            inputMode="url"
            placeholder="https://"
            aria-invalid={Boolean(errors.website)}
            aria-describedby={describedBy('website')}
            value={values.website}
            onChange={set('website')}
          />
          {errorText('website')}
        </div>
        <div className="field">
          <label htmlFor={`${uid}-genres`}>Géneros</label>
          <input
            id={`${uid}-genres`}
            name="genres"
            className="input"
            placeholder="Techno, House, Trance"
            aria-invalid={Boolean(errors.genres)}
            aria-describedby={describedBy('genres', true)}
            value={values.genres}
            onChange={set('genres')}
          />
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
        <ProposalImagesField
          idPrefix={uid}
          images={images.images}
          error={errors.images}
          disabled={busy}
          onAdd={addImages}
          onRemove={removeImage}
        />
      </fieldset>

      <fieldset className="propose-fieldset" disabled={busy}>
        <legend>Cartel y entradas (opcional)</legend>
        <div className="field">
          <label htmlFor={`${uid}-lineup`}>Cartel</label>
          <textarea
            id={`${uid}-lineup`}
            name="lineup"
            className="textarea"
            rows={6}
            aria-invalid={Boolean(errors.lineup)}
            aria-describedby={describedBy('lineup', true)}
            value={values.lineup}
            onChange={set('lineup')}
            placeholder={'Amelie Lens\nCharlotte de Witte\nBoris Brejcha'}
          />
          <p id={`${uid}-lineup-hint`} className="field-hint">
            Un artista por línea, como en el cartel (las líneas de día o escenario, como «Viernes» o «Main Stage», no
            cuentan). Déjalo vacío si aún no se ha anunciado.
          </p>
          {/* Always present, so screen readers announce the count as it changes. */}
          <p className="field-hint propose-lineup-count" aria-live="polite">
            {artists.length === 0
              ? ''
              : artists.length === 1
                ? 'Se guardará 1 artista.'
                : `Se guardarán ${artists.length} artistas.`}
          </p>
          {errorText('lineup')}
        </div>
        <div className="propose-row">
          <div className="field">
            <label htmlFor={`${uid}-ticket_url`}>Web de venta de entradas</label>
            <input
              id={`${uid}-ticket_url`}
              name="ticket_url"
              className="input"
              type="url"
              inputMode="url"
              placeholder="https://"
              aria-invalid={Boolean(errors.ticket_url)}
              aria-describedby={describedBy('ticket_url', true)}
              value={values.ticket_url}
              onChange={set('ticket_url')}
            />
            <p id={`${uid}-ticket_url-hint`} className="field-hint">
              La del vendedor oficial.
            </p>
            {errorText('ticket_url')}
          </div>
          <div className="field">
            <label htmlFor={`${uid}-price_from`}>Precio desde (€)</label>
            <input
              id={`${uid}-price_from`}
              name="price_from"
              className="input"
              inputMode="decimal"
              placeholder="89"
              autoComplete="off"
              aria-invalid={Boolean(errors.price_from)}
              aria-describedby={describedBy('price_from', true)}
              value={values.price_from}
              onChange={set('price_from')}
            />
            <p id={`${uid}-price_from-hint`} className="field-hint">
              El abono o la entrada más barata.
            </p>
            {errorText('price_from')}
          </div>
        </div>
      </fieldset>

      <div className="propose-actions">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {phase === 'sending' ? 'Enviando...' : phase === 'uploading' ? 'Subiendo imágenes...' : 'Proponer festival'}
        </button>
        <span className="muted propose-review-note">Tu propuesta quedará pendiente de revisión.</span>
      </div>
    </form>
  );
}
