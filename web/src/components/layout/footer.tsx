import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import { Brand } from './brand';
import { FacebookIcon, InstagramIcon, XSocialIcon, YoutubeIcon } from './social-icons';
import './footer.css';

const social = [
  { href: 'https://www.instagram.com/', label: 'Instagram', Icon: InstagramIcon },
  { href: 'https://x.com/', label: 'X (Twitter)', Icon: XSocialIcon },
  { href: 'https://www.facebook.com/', label: 'Facebook', Icon: FacebookIcon },
  { href: 'https://www.youtube.com/', label: 'YouTube', Icon: YoutubeIcon },
];

/** Quick links, information links, social links, the newsletter form and the copyright line. */
export function Footer({ newsletter }: { newsletter: ReactNode }) {
  return (
    <footer className="site-footer">
      <div className="container">
        <div className="footer-grid">
          <div>
            <Brand />
            <p>
              Los mejores festivales de música electrónica de Europa: fechas, mapa, calendario y opiniones de la
              comunidad.
            </p>
            <ul className="social-links" aria-label="Redes sociales">
              {social.map(({ href, label, Icon }) => (
                <li key={label} style={{ listStyle: 'none' }}>
                  <a href={href} target="_blank" rel="noopener noreferrer" aria-label={label}>
                    <Icon />
                  </a>
                </li>
              ))}
            </ul>
          </div>
          <nav aria-labelledby="footer-quick">
            <h2 className="footer-title" id="footer-quick">
              Enlaces rápidos
            </h2>
            <ul className="footer-links">
              <li>
                <Link to={paths.home()}>Inicio</Link>
              </li>
              <li>
                <Link to={paths.map()}>Mapa</Link>
              </li>
              <li>
                <Link to={paths.calendar()}>Calendario</Link>
              </li>
              <li>
                <Link to={paths.favorites()}>Favoritos</Link>
              </li>
              <li>
                <Link to={paths.propose()}>Proponer festival</Link>
              </li>
            </ul>
          </nav>
          <nav aria-labelledby="footer-info">
            <h2 className="footer-title" id="footer-info">
              Información
            </h2>
            <ul className="footer-links">
              <li>
                <Link to={paths.about()}>Sobre nosotros</Link>
              </li>
              <li>
                <Link to={paths.contact()}>Contacto</Link>
              </li>
              <li>
                <Link to={paths.help()}>Ayuda</Link>
              </li>
              <li>
                <Link to={paths.privacy()}>Política de privacidad</Link>
              </li>
              <li>
                <Link to={paths.legal()}>Aviso legal</Link>
              </li>
            </ul>
          </nav>
          <div>
            <h2 className="footer-title">Newsletter</h2>
            <p>Recibe cada mes los nuevos festivales, cambios de fechas y line-ups destacados.</p>
            {newsletter}
          </div>
        </div>
        <div className="footer-bottom">
          <span>© {new Date().getFullYear()} Festivales. Todos los derechos reservados.</span>
          <span>Hecho con pasión por la música electrónica.</span>
        </div>
      </div>
    </footer>
  );
}
