import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { adminMediaSchema, MEDIA_URL_REQUIRED } from '#core/admin-schemas';
import { IMAGE_MAX_BYTES } from '#core/community-schemas';
import { Modal } from '../../../components/ui/modal';
import { ApiError, mediaUrl } from '../../../lib/api-client';
import { serverFieldErrors, zodFieldErrors } from '../../../lib/form-errors';
import { createMedia, updateMedia } from '../api/admin-api';
import { uploadAdminImage } from '../api/upload-image';
import { describeError } from '../hooks/use-admin-actions';
import { AdminFormFooter, useAdminForm } from './admin-form';
import type { AdminMedia, AdminUser, Festival } from '#core/response-schemas';

type Field = 'festival_id' | 'user_id' | 'type' | 'status' | 'url' | 'caption' | 'comment';

interface MediaFormProps {
  media: AdminMedia | null;
  festivals: Festival[];
  users: AdminUser[];
  /** Why the selects could not be filled ('Error cargando festivales' / 'usuarios'). */
  loadErrors: string[];
  onClose: () => void;
  onSaved: () => void;
}

/** Create or edit a gallery item (festival and user required; new items: type image, status pending). */
export function MediaForm({ media, festivals, users, loadErrors, onClose, onSaved }: MediaFormProps) {
  const uid = useId();
  const { values, errors, setErrors, saving, setSaving, saved, setSaved, set } = useAdminForm<Field>(
    () => ({
      festival_id: media ? String(media.festival_id) : '',
      user_id: media?.user_id != null ? String(media.user_id) : '',
      type: media?.type ?? 'image',
      status: media?.status ?? 'pending',
      url: media?.url ?? '',
      caption: media?.caption ?? '',
      comment: media?.comment ?? '',
    }),
    onSaved,
  );
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    setErrors((e) => ({ ...e, file: undefined, url: undefined }));
    if (!chosen) return setFile(null);
    // Only images, at most 5 MB.
    if (!chosen.type.startsWith('image/')) {
      event.target.value = '';
      setFile(null);
      return setErrors((e) => ({ ...e, file: 'Solo se permiten archivos de imagen' }));
    }
    if (chosen.size > IMAGE_MAX_BYTES) {
      event.target.value = '';
      setFile(null);
      return setErrors((e) => ({ ...e, file: 'El archivo es demasiado grande (máximo 5MB)' }));
    }
    setFile(chosen);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving || saved) return;
    const found: Partial<Record<Field | 'file' | 'form', string>> = {};
    if (!values.festival_id) found.festival_id = 'Debe seleccionar un festival';
    if (!values.user_id) found.user_id = 'Debe seleccionar un usuario';
    if (!file && !values.url.trim()) found.url = MEDIA_URL_REQUIRED;
    if (file && !values.festival_id) found.file = 'Selecciona un festival antes de subir una imagen.';
    if (Object.keys(found).length) {
      setErrors(found);
      return;
    }
    setSaving(true);
    try {
      let url = values.url.trim();
      if (file) {
        setProgress(0);
        try {
          url = await uploadAdminImage(
            file,
            { festivalId: Number(values.festival_id), userId: Number(values.user_id) },
            setProgress,
          );
        } catch (error) {
          throw new Error(`Error subiendo imagen: ${(error as Error).message}`);
        }
      }
      const parsed = adminMediaSchema.safeParse({ ...values, url });
      if (!parsed.success) {
        setErrors(zodFieldErrors<Field>(parsed.error));
        return;
      }
      if (media) await updateMedia(media.id, parsed.data);
      else await createMedia(parsed.data);
      setSaved(true);
    } catch (error) {
      const detail = describeError(error);
      setErrors({
        form: error instanceof ApiError ? `Error al guardar media: ${detail}` : detail,
        ...serverFieldErrors<Field>(error),
      });
    } finally {
      setSaving(false);
      setProgress(null);
    }
  };

  const error = (name: Field | 'file') =>
    errors[name] ? (
      <p id={`${uid}-${name}-error`} className="field-error">
        {errors[name]}
      </p>
    ) : null;
  const describedBy = (name: Field | 'file') => (errors[name] ? `${uid}-${name}-error` : undefined);
  const preview = file ? null : mediaUrl(values.url || null);

  return (
    <Modal title={media ? 'Editar foto o vídeo' : 'Nueva foto o vídeo'} onClose={saving ? () => undefined : onClose}>
      <form className="admin-form" onSubmit={submit} noValidate>
        {loadErrors.length > 0 && (
          <div className="admin-alert admin-alert-error" role="alert">
            {loadErrors.join(' · ')}
          </div>
        )}
        <fieldset disabled={saving || saved} className="admin-form-grid">
          <div className="field">
            <label htmlFor={`${uid}-festival_id`}>
              Festival
              <span className="admin-req" aria-hidden="true">
                *
              </span>
            </label>
            <select
              id={`${uid}-festival_id`}
              className="select"
              value={values.festival_id}
              onChange={set('festival_id')}
              aria-required="true"
              aria-invalid={Boolean(errors.festival_id)}
              aria-describedby={describedBy('festival_id')}
            >
              <option value="">Selecciona un festival</option>
              {festivals.map((f) => (
                <option key={f.id} value={f.id}>
                  {f.name}
                </option>
              ))}
            </select>
            {error('festival_id')}
          </div>
          <div className="field">
            <label htmlFor={`${uid}-user_id`}>
              Usuario
              <span className="admin-req" aria-hidden="true">
                *
              </span>
            </label>
            <select
              id={`${uid}-user_id`}
              className="select"
              value={values.user_id}
              onChange={set('user_id')}
              aria-required="true"
              aria-invalid={Boolean(errors.user_id)}
              aria-describedby={describedBy('user_id')}
            >
              <option value="">Selecciona un usuario</option>
              {users.map((u) => (
                <option key={u.id} value={u.id}>
                  {u.name} ({u.email})
                </option>
              ))}
            </select>
            {error('user_id')}
          </div>
          <div className="field">
            <label htmlFor={`${uid}-type`}>Tipo</label>
            <select id={`${uid}-type`} className="select" value={values.type} onChange={set('type')}>
              <option value="image">Imagen</option>
              <option value="video">Vídeo</option>
            </select>
          </div>
          <div className="field">
            <label htmlFor={`${uid}-status`}>Estado</label>
            <select id={`${uid}-status`} className="select" value={values.status} onChange={set('status')}>
              <option value="pending">Pendiente</option>
              <option value="approved">Aprobado</option>
              <option value="rejected">Rechazado</option>
            </select>
          </div>
          <div className="field admin-form-wide">
            <span className="field-label" id={`${uid}-file-label`}>
              Archivo de imagen
            </span>
            <div className="admin-image-upload">
              <input
                id={`${uid}-file`}
                type="file"
                accept="image/*"
                className="visually-hidden"
                onChange={onFile}
                aria-labelledby={`${uid}-file-label`}
                aria-invalid={Boolean(errors.file)}
                aria-describedby={[`${uid}-file-name`, errors.file ? `${uid}-file-error` : '']
                  .filter(Boolean)
                  .join(' ')}
              />
              <label className="btn btn-sm" htmlFor={`${uid}-file`}>
                Elegir imagen
              </label>
              <span id={`${uid}-file-name`} className="muted admin-small">
                {file ? file.name : 'Ningún archivo seleccionado'}
              </span>
            </div>
            {error('file')}
            {progress !== null && <progress max={1} value={progress} aria-label="Progreso de la subida" />}
          </div>
          <div className="field admin-form-wide">
            <label htmlFor={`${uid}-url`}>O URL</label>
            <input
              id={`${uid}-url`}
              className="input"
              value={values.url}
              onChange={set('url')}
              placeholder="https://…"
              disabled={Boolean(file)}
              aria-invalid={Boolean(errors.url)}
              aria-describedby={describedBy('url')}
            />
            {error('url')}
            {preview && values.type === 'image' && <img src={preview} alt="" className="admin-image-preview" />}
          </div>
          <div className="field">
            <label htmlFor={`${uid}-caption`}>Título</label>
            <input
              id={`${uid}-caption`}
              className="input"
              value={values.caption}
              onChange={set('caption')}
              maxLength={300}
            />
            {error('caption')}
          </div>
          <div className="field">
            <label htmlFor={`${uid}-comment`}>Comentario</label>
            <input
              id={`${uid}-comment`}
              className="input"
              value={values.comment}
              onChange={set('comment')}
              maxLength={300}
            />
            {error('comment')}
          </div>
        </fieldset>
        <AdminFormFooter
          error={errors.form}
          saved={saved}
          savedText="Guardado correctamente"
          saving={saving}
          submitLabel={media ? 'Guardar cambios' : 'Crear'}
          onCancel={onClose}
        />
      </form>
    </Modal>
  );
}
