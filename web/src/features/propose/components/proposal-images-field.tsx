import { IMAGE_MAX_BYTES, imageContentTypes, MAX_IMAGES_PER_FESTIVAL } from '#core/community-schemas';
import type { ProposalImage } from '../hooks/use-proposal-images';

const formatSize = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

interface ProposalImagesFieldProps {
  /** Prefix of the element ids (the form's useId). */
  idPrefix: string;
  images: ProposalImage[];
  error?: string;
  disabled: boolean;
  onAdd: (files: File[]) => void;
  onRemove: (id: string) => void;
}

/** The 'Imágenes' field of the proposal form: picker, previews, and each image's upload progress. */
export function ProposalImagesField({ idPrefix, images, error, disabled, onAdd, onRemove }: ProposalImagesFieldProps) {
  const id = `${idPrefix}-images`;
  const full = images.length >= MAX_IMAGES_PER_FESTIVAL;
  return (
    <div className="field">
      <span className="field-label" id={`${id}-label`}>
        Imágenes
      </span>
      <p id={`${id}-hint`} className="field-hint">
        Hasta {MAX_IMAGES_PER_FESTIVAL} imágenes JPG, PNG, GIF o WEBP de {IMAGE_MAX_BYTES / 1024 / 1024} MB como máximo
        cada una.
      </p>
      <div className="propose-dropzone">
        <input
          id={id}
          className="visually-hidden"
          type="file"
          multiple
          accept={imageContentTypes.join(',')}
          aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
          onChange={(e) => {
            onAdd([...(e.target.files ?? [])]);
            e.target.value = '';
          }}
          disabled={disabled || full}
        />
        <label htmlFor={id} className={`btn btn-sm${full ? ' is-disabled' : ''}`}>
          Añadir imágenes
        </label>
        <span className="muted">
          {images.length} / {MAX_IMAGES_PER_FESTIVAL}
        </span>
      </div>
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
      {images.length > 0 && (
        <ul className="propose-images" aria-labelledby={`${id}-label`}>
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
                <button
                  type="button"
                  className="btn btn-ghost btn-sm"
                  onClick={() => onRemove(item.id)}
                  aria-label={`Quitar ${item.file.name}`}
                >
                  Quitar
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
