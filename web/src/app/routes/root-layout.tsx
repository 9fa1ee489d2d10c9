import { Link, Outlet } from 'react-router-dom';
import { paths } from '../../config/paths';

export function RootLayout() {
  return (
    <>
      <header>
        <Link to={paths.home()}>Festivales</Link> <span>DESCUBRE TU PRÓXIMO FESTIVAL</span>
      </header>
      <main id="main">
        <Outlet />
      </main>
    </>
  );
}
