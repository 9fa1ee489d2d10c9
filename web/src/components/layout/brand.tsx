import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import { LogoMark } from './logo-mark';

/** The logo, name and tagline, linking home: the header and the footer show the same one. */
export function Brand() {
  return (
    <Link to={paths.home()} className="brand">
      <LogoMark className="brand-mark" />
      <span className="brand-text">
        <span className="brand-name gradient-text">Festivales</span>
        <span className="brand-tagline">DESCUBRE TU PRÓXIMO FESTIVAL</span>
      </span>
    </Link>
  );
}
