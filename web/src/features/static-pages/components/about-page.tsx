import { Link } from 'react-router-dom';
import { CheckIcon, GlobeIcon, LockIcon, UsersIcon, type LucideIcon } from 'lucide-react';
import { paths } from '../../../config/paths';
import { useReveal } from '../hooks/use-reveal';
import './static-pages.css';
import './about-page.css';

/** The claims the About page makes. */
const stats = [
  { value: '500+', label: 'festivales verificados' },
  { value: '25', label: 'países europeos' },
  { value: '50K+', label: 'usuarios' },
  { value: '98%', label: 'satisfacción' },
];

const values: { icon: LucideIcon; title: string; text: string }[] = [
  {
    icon: CheckIcon,
    title: 'Información verificada',
    text: 'Cada festival pasa por una revisión antes de publicarse: fechas, ubicación y web oficial contrastadas.',
  },
  {
    icon: UsersIcon,
    title: 'Comunidad primero',
    text: 'Las valoraciones, fotos y vídeos vienen de personas que han estado allí. Moderamos para que sigan siendo útiles.',
  },
  {
    icon: GlobeIcon,
    title: 'Toda Europa, en español',
    text: 'Del Sónar al Awakenings o al Tomorrowland: la escena electrónica europea explicada en nuestro idioma.',
  },
  {
    icon: LockIcon,
    title: 'Privacidad sin letra pequeña',
    text: 'Solo guardamos lo necesario para que la web funcione y nunca vendemos tus datos.',
  },
];

const timeline = [
  {
    year: '2021',
    title: 'La idea',
    text: 'Un grupo de amigos cansados de saltar entre veinte webs para planificar la temporada de festivales decide reunirlo todo en un solo sitio.',
  },
  {
    year: '2022',
    title: 'Primer catálogo',
    text: 'Publicamos los primeros 100 festivales de España y Portugal con fechas, géneros y ubicación.',
  },
  {
    year: '2023',
    title: 'Mapa y calendario',
    text: 'Llegan el mapa interactivo y el calendario para ver de un vistazo qué pasa cada fin de semana.',
  },
  {
    year: '2024',
    title: 'La comunidad toma la palabra',
    text: 'Comentarios con valoración, galería de fotos y vídeos con votos, y propuestas de festivales por parte de los usuarios.',
  },
  {
    year: '2025',
    title: 'Toda Europa',
    text: 'Superamos los 500 festivales verificados en 25 países y los 50.000 usuarios registrados.',
  },
];

const team = [
  {
    initials: 'LM',
    name: 'Lucía Martín',
    role: 'Cofundadora y CEO',
    bio: 'Diez años organizando eventos de música electrónica en Barcelona y Berlín.',
  },
  {
    initials: 'JR',
    name: 'Javier Romero',
    role: 'Cofundador y CTO',
    bio: 'Ingeniero de software; responsable del mapa, el calendario y la plataforma.',
  },
  {
    initials: 'AS',
    name: 'Ana Sousa',
    role: 'Directora de Comunidad',
    bio: 'Coordina la moderación y escucha cada propuesta que llega de los usuarios.',
  },
  {
    initials: 'MK',
    name: 'Markus Klein',
    role: 'Director de Alianzas',
    bio: 'Trabaja con promotores de toda Europa para mantener el catálogo al día.',
  },
];

export function AboutPage() {
  const ref = useReveal<HTMLDivElement>();
  return (
    <div className="page" ref={ref}>
      <div className="container">
        <header className="sp-hero">
          <span className="sp-eyebrow">Sobre nosotros</span>
          <h1 className="page-title">
            La guía de <span className="gradient-text">festivales electrónicos</span> de Europa
          </h1>
          <p className="sp-lead">
            Festivales nació para que encontrar tu próximo festival sea tan emocionante como vivirlo: fechas fiables,
            mapa, calendario y la opinión de miles de asistentes, todo en español.
          </p>
        </header>

        <section aria-labelledby="about-stats-title">
          <h2 id="about-stats-title" className="visually-hidden">
            Festivales en cifras
          </h2>
          <ul className="about-stats" role="list" style={{ listStyle: 'none', padding: 0 }}>
            {stats.map((s) => (
              <li key={s.label} className="card about-stat">
                <strong className="gradient-text">{s.value}</strong>
                <span>{s.label}</span>
              </li>
            ))}
          </ul>
        </section>

        <section className="sp-section about-mission" aria-labelledby="about-mission-title" data-reveal>
          <div>
            <span className="sp-eyebrow">Nuestra misión</span>
            <h2 id="about-mission-title" className="sp-section-title">
              Conectar a cada persona con el festival que está buscando
            </h2>
            <p className="muted">
              Reunimos en un solo lugar la información de los festivales de música electrónica de Europa y la
              completamos con lo que solo la comunidad puede aportar: experiencias reales, fotos y valoraciones.
              Queremos que elegir festival sea fácil, que descubrir nuevos géneros sea natural y que los promotores
              lleguen al público que de verdad los busca.
            </p>
          </div>
          <div className="card about-mission-card">
            <blockquote>
              “La mejor noche de tu verano no debería depender de encontrar la información por casualidad.”
            </blockquote>
            <p className="muted" style={{ margin: '12px 0 0' }}>
              — El equipo de Festivales
            </p>
          </div>
        </section>

        <section className="sp-section" aria-labelledby="about-values-title">
          <span className="sp-eyebrow">Lo que nos mueve</span>
          <h2 id="about-values-title" className="sp-section-title" data-reveal>
            Nuestros valores
          </h2>
          <div className="sp-grid">
            {values.map((v, i) => (
              <article key={v.title} className="card sp-card" data-reveal>
                <span className={`sp-card-icon${i % 2 ? ' alt' : ''}`}>
                  <v.icon size={22} />
                </span>
                <h3>{v.title}</h3>
                <p>{v.text}</p>
              </article>
            ))}
          </div>
        </section>

        <section className="sp-section" aria-labelledby="about-timeline-title">
          <span className="sp-eyebrow">Nuestra historia</span>
          <h2 id="about-timeline-title" className="sp-section-title" data-reveal>
            De una hoja de cálculo a toda Europa
          </h2>
          <ol className="about-timeline">
            {timeline.map((t) => (
              <li key={t.year} data-reveal>
                <time dateTime={t.year}>{t.year}</time>
                <h3>{t.title}</h3>
                <p>{t.text}</p>
              </li>
            ))}
          </ol>
        </section>

        <section className="sp-section" aria-labelledby="about-team-title">
          <span className="sp-eyebrow">Quiénes somos</span>
          <h2 id="about-team-title" className="sp-section-title" data-reveal>
            Equipo directivo
          </h2>
          <div className="sp-grid">
            {team.map((m) => (
              <article key={m.name} className="card about-team-card" data-reveal>
                <div className="about-avatar" aria-hidden="true">
                  {m.initials}
                </div>
                <h3>{m.name}</h3>
                <p className="role">{m.role}</p>
                <p>{m.bio}</p>
              </article>
            ))}
          </div>
        </section>

        <section className="card about-cta" aria-labelledby="about-cta-title" data-reveal>
          <h2 id="about-cta-title" className="sp-section-title">
            ¿Falta tu festival favorito?
          </h2>
          <p className="muted">
            Propónlo y nuestro equipo lo revisará. O escríbenos si quieres colaborar con nosotros.
          </p>
          <div className="sp-actions">
            <Link className="btn btn-primary" to={paths.propose()}>
              Proponer festival
            </Link>
            <Link className="btn" to={paths.contact()}>
              Contactar
            </Link>
          </div>
        </section>
      </div>
    </div>
  );
}
