import { Link } from 'react-router-dom';
import {
  CalendarIcon,
  CircleHelpIcon,
  EyeIcon,
  FileTextIcon,
  HeartIcon,
  LockIcon,
  MapPinIcon,
  MessageSquareIcon,
  MusicIcon,
  SendIcon,
  ShieldIcon,
  UsersIcon,
  ZapIcon,
  type LucideIcon,
} from 'lucide-react';
import { paths } from '../../../config/paths';
import { contactChannels } from '../contact-channels';
import help from '../content/help.md?raw';
import { textSections } from '../markdown/sections';
import { StaticMarkdown } from './static-markdown';
import './static-pages.css';
import './help-page.css';

const { sections: topics } = textSections(help);

/** Each topic's icon, by the topic's id in content/help.md. */
const topicIcons: Record<string, LucideIcon> = {
  inicio: MusicIcon,
  festival: FileTextIcon,
  favoritos: HeartIcon,
  mapa: MapPinIcon,
  calendario: CalendarIcon,
  cuenta: UsersIcon,
  proponer: SendIcon,
  galeria: EyeIcon,
  comentarios: MessageSquareIcon,
  notificaciones: ZapIcon,
  cookies: ShieldIcon,
  admin: LockIcon,
};

export function HelpPage() {
  return (
    <div className="page">
      <div className="container">
        <header className="sp-hero">
          <span className="sp-eyebrow">Centro de ayuda</span>
          <h1 className="page-title">¿Cómo podemos ayudarte?</h1>
          <p className="sp-lead">Todo lo que necesitas saber para sacar partido a Festivales, pantalla por pantalla.</p>
        </header>
        <div className="help-layout">
          <nav className="card help-toc" aria-label="Temas de ayuda">
            <h2>Temas</h2>
            <ul>
              {topics.map((t) => (
                <li key={t.id}>
                  <a href={`#${t.id}`}>{t.title}</a>
                </li>
              ))}
            </ul>
          </nav>
          <div>
            {topics.map((t, i) => {
              const Icon = topicIcons[t.id] ?? CircleHelpIcon;
              return (
                <section key={t.id} id={t.id} className="card help-topic" aria-labelledby={`${t.id}-title`}>
                  <h2 id={`${t.id}-title`}>
                    <span className={`sp-card-icon${i % 2 ? ' alt' : ''}`} aria-hidden="true">
                      <Icon size={18} />
                    </span>
                    {t.title}
                  </h2>
                  <StaticMarkdown>{t.body}</StaticMarkdown>
                </section>
              );
            })}
            <section className="card about-cta" aria-labelledby="help-more-title">
              <h2 id="help-more-title" className="sp-section-title">
                ¿No encuentras lo que buscas?
              </h2>
              <p className="muted">
                Escríbenos desde el formulario de contacto o a{' '}
                <a href={`mailto:${contactChannels.support}`}>{contactChannels.support}</a>.
              </p>
              <div className="sp-actions">
                <Link className="btn btn-primary" to={paths.contact()}>
                  Contactar con soporte
                </Link>
              </div>
            </section>
          </div>
        </div>
      </div>
    </div>
  );
}
