import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { imageContentTypes } from '#core/community-schemas';
import { adminFestivalSchema } from '#core/festival-schemas';
import { Modal } from '../../../components/ui/modal';
import { mediaUrl } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { serverFieldErrors, zodFieldErrors } from '../../../lib/form-errors';
import { createFestival, updateFestival, type FestivalBody } from '../api/admin-api';
import { uploadAdminImage } from '../api/upload-image';
import { describeError } from '../hooks/use-admin-actions';
import { AdminFormFooter, useAdminForm } from './admin-form';
import type { Festival } from '#core/response-schemas';

type Field =
  | 'name'
  | 'start_date'
  | 'end_date'
  | 'location'
  | 'address'
  | 'description'
  | 'website'
  | 'genres'
  | 'imageUrl'
  | 'status'
  | 'latitude'
  | 'longitude'
  | 'transportation'
  | 'parking_info'
  | 'accommodation';

type Values = Record<Field, string>;

function initialValues(festival: Festival | null): Values {
  return {
    name: festival?.name ?? '',
    start_date: festival?.start_date ?? '',
    end_date: festival?.end_date ?? '',
    location: festival?.location ?? '',
    address: festival?.address ?? '',
    description: festival?.description ?? '',
    website: festival?.website ?? '',
    genres: festival?.genres.join(', ') ?? '',
    imageUrl: festival?.image_url ?? '',
    status: festival?.status ?? 'approved',
    latitude: festival?.latitude != null ? String(festival.latitude) : '',
    longitude: festival?.longitude != null ? String(festival.longitude) : '',
    transportation: festival?.transportation ?? '',
    parking_info: festival?.parking_info ?? '',
    accommodation: festival?.accommodation ?? '',
  };
}

interface FestivalFormProps {
  festival: Festival | null;
  onClose: () => void;
  onSaved: () => void;
}

/** Create or edit a festival (POST/PUT /api/admin/festivals; name, start date, description and location required). */
export function FestivalForm({ festival, onClose, onSaved }: FestivalFormProps) {
  const { user } = useAuth();
  const uid = useId();
  const { values, setValues, errors, setErrors, saving, setSaving, saved, setSaved, set } = useAdminForm<Field>(
    () => initialValues(festival),
    onSaved,
  );
  const [upload, setUpload] = useState<{ progress: number; error?: string } | null>(null);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!festival && !values.name.trim()) {
      setUpload({ progress: 0, error: 'Escribe el nombre del festival antes de subir una imagen.' });
      return;
    }
    setUpload({ progress: 0 });
    try {
      const url = await uploadAdminImage(
        file,
        festival
          ? { festivalId: festival.id, userId: user?.id }
          : {
              userId: user?.id,
              festivalData: {
                name: values.name.trim(),
                start_date: values.start_date || null,
                location: values.location || null,
              },
            },
        (progress) => setUpload({ progress }),
      );
      setValues((v) => ({ ...v, imageUrl: url }));
      setUpload(null);
    } catch (error) {
      setUpload({ progress: 0, error: `Error subiendo imagen: ${(error as Error).message}` });
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving || saved) return;
    const blankToNull = (v: string) => (v.trim() === '' ? null : v);
    const input = {
      ...values,
      end_date: blankToNull(values.end_date),
      address: blankToNull(values.address),
      website: blankToNull(values.website),
      imageUrl: blankToNull(values.imageUrl),
      latitude: blankToNull(values.latitude),
      longitude: blankToNull(values.longitude),
      transportation: blankToNull(values.transportation),
      parking_info: blankToNull(values.parking_info),
      accommodation: blankToNull(values.accommodation),
    };
    const parsed = adminFestivalSchema.safeParse(input);
    if (!parsed.success) {
      const found = zodFieldErrors<Field>(parsed.error);
      setErrors(found);
      const first = Object.keys(found)[0];
      document.getElementById(`${uid}-${first}`)?.focus();
      return;
    }
    setSaving(true);
    try {
      const body: FestivalBody = { ...parsed.data, status: parsed.data.status };
      if (festival) await updateFestival(festival.id, body);
      else await createFestival(body);
      setSaved(true);
    } catch (error) {
      setErrors({ form: describeError(error), ...serverFieldErrors<Field>(error) });
    } finally {
      setSaving(false);
    }
  };

  const field = (
    name: Field,
    label: string,
    options: { required?: boolean; type?: string; placeholder?: string; textarea?: boolean; hint?: string } = {},
  ) => {
    const id = `${uid}-${name}`;
    const describedBy =
      [options.hint ? `${id}-hint` : '', errors[name] ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
    const common = {
      id,
      name,
      value: values[name],
      onChange: set(name),
      'aria-invalid': Boolean(errors[name]),
      'aria-describedby': describedBy,
      'aria-required': options.required || undefined,
      placeholder: options.placeholder,
    };
    return (
      <div className={`field admin-field-${name}`}>
        <label htmlFor={id}>
          {label}
          {options.required && (
            <span className="admin-req" aria-hidden="true">
              *
            </span>
          )}
        </label>
        {options.textarea ? (
          <textarea className="textarea" rows={4} {...common} />
        ) : (
          <input className="input" type={options.type ?? 'text'} {...common} />
        )}
        {options.hint && (
          <p id={`${id}-hint`} className="field-hint">
            {options.hint}
          </p>
        )}
        {errors[name] && (
          <p id={`${id}-error`} className="field-error">
            {errors[name]}
          </p>
        )}
      </div>
    );
  };

  const preview = mediaUrl(values.imageUrl || null);
  return (
    <Modal
      title={festival ? `Editar festival: ${festival.name}` : 'Nuevo festival'}
      onClose={saving ? () => undefined : onClose}
    >
      <form className="admin-form" onSubmit={submit} noValidate>
        <fieldset disabled={saving || saved} className="admin-form-grid">
          {field('name', 'Nombre', { required: true })}
          {field('location', 'Ubicación', { required: true, placeholder: 'Ciudad, País' })}
          {field('start_date', 'Fecha de inicio', { required: true, placeholder: 'DD-MM-AAAA' })}
          {field('end_date', 'Fecha de fin', { placeholder: 'DD-MM-AAAA' })}
          {field('address', 'Dirección')}
          {field('website', 'Sitio web', { type: 'url', placeholder: 'https://' })}
          <div className="admin-form-wide">
            {field('description', 'Descripción', { required: true, textarea: true, hint: 'Admite Markdown.' })}
          </div>
          {field('genres', 'Géneros', { hint: 'Separados por comas.' })}
          <div className="field">
            <label htmlFor={`${uid}-status`}>Estado</label>
            <select id={`${uid}-status`} className="select" value={values.status} onChange={set('status')}>
              <option value="approved">Aprobado</option>
              <option value="pending">Pendiente</option>
              <option value="rejected">Rechazado</option>
            </select>
          </div>
          {field('latitude', 'Latitud', { placeholder: '40.4168', hint: 'Vacío para geocodificar después.' })}
          {field('longitude', 'Longitud', { placeholder: '-3.7038' })}
          <div className="admin-form-wide admin-image-field">
            {field('imageUrl', 'Imagen (URL)', { placeholder: 'https://… o sube un archivo' })}
            <div className="admin-image-upload">
              {preview && <img src={preview} alt="" className="admin-image-preview" />}
              <label className="btn btn-sm" htmlFor={`${uid}-file`}>
                Subir imagen
              </label>
              <input
                id={`${uid}-file`}
                type="file"
                accept={imageContentTypes.join(',')}
                className="visually-hidden"
                onChange={onFile}
              />
              {upload && !upload.error && (
                <progress max={1} value={upload.progress} aria-label="Progreso de la subida" />
              )}
              {upload?.error && (
                <p className="field-error" role="alert">
                  {upload.error}
                </p>
              )}
            </div>
          </div>
          {field('transportation', 'Cómo llegar', { textarea: true })}
          {field('parking_info', 'Información de aparcamiento', { textarea: true })}
          <div className="admin-form-wide">{field('accommodation', 'Alojamiento recomendado', { textarea: true })}</div>
        </fieldset>
        <AdminFormFooter
          error={errors.form}
          saved={saved}
          savedText="Festival guardado correctamente"
          saving={saving}
          submitLabel={festival ? 'Guardar cambios' : 'Crear festival'}
          onCancel={onClose}
        />
      </form>
    </Modal>
  );
}
