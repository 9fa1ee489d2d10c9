/** Shown by the list screens when the festival catalogue could not be loaded. */
export function CatalogLoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="empty-state" role="alert">
      <p>No se pudieron cargar los festivales</p>
      <button type="button" className="btn btn-primary" onClick={onRetry}>
        Reintentar
      </button>
    </div>
  );
}
