/** Shown when a screen fails to load (its code could not be fetched after a deploy, or it threw). */
export function RouteError({ error }: { error: unknown }) {
  console.warn(error);
  return (
    <main id="main" className="page route-error">
      <div className="container">
        <div className="empty-state">
          <h1 className="page-title">Algo ha fallado</h1>
          <p className="muted">No se pudo cargar esta página. Comprueba tu conexión e inténtalo de nuevo.</p>
          <div className="row" style={{ justifyContent: 'center' }}>
            <button type="button" className="btn" onClick={() => window.location.reload()}>
              Recargar
            </button>
            <a className="btn btn-primary" href="/">
              Volver al inicio
            </a>
          </div>
        </div>
      </div>
    </main>
  );
}
