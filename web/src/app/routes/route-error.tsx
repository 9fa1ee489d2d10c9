import { Link } from 'react-router-dom';

export function RouteError() {
  return (
    <main id="main" className="route-error">
      <h1>Algo ha fallado</h1>
      <p>No se pudo cargar esta página. Comprueba tu conexión e inténtalo de nuevo.</p>
      <Link to="/">Volver al inicio</Link>
    </main>
  );
}
