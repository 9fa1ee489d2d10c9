import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import { useFestivals } from '../../lib/catalog';

export function HomeRoute() {
  const { festivals, loading, error } = useFestivals();
  if (loading) return <p>Cargando festivales…</p>;
  if (error) return <p role="alert">Error al cargar festivales</p>;
  return (
    <ul>
      {festivals.map((f) => (
        <li key={f.id}>
          <Link to={paths.festival(f.id, f.name)}>{f.name}</Link> — {f.location}
        </li>
      ))}
    </ul>
  );
}
