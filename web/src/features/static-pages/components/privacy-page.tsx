import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { formatDate, todayIso } from '../../../../../core/dates';
import { paths } from '../../../config/paths';
import { AEPD_URL, contactChannels, ownerPlaceholders } from '../contact-channels';
import './static-pages.css';

const privacyMail = <a href={`mailto:${contactChannels.privacy}`}>{contactChannels.privacy}</a>;

/** Spec §2 "Privacy page" and §9 "Privacy": ten sections, one shown at a time, overview first. */
const sections: { id: string; title: string; body: ReactNode }[] = [
  {
    id: 'overview',
    title: 'Resumen',
    body: (
      <>
        <p>
          En Festivales nos tomamos en serio tu privacidad. Esta política explica qué datos personales tratamos cuando usas la web,
          para qué, durante cuánto tiempo y cómo puedes ejercer tus derechos.
        </p>
        <div className="sp-facts">
          <div className="sp-fact">
            <strong>RGPD + LOPDGDD</strong>
            <span>Reglamento (UE) 2016/679 y Ley Orgánica 3/2018</span>
          </div>
          <div className="sp-fact">
            <strong>0 transferencias</strong>
            <span>fuera del Espacio Económico Europeo</span>
          </div>
          <div className="sp-fact">
            <strong>48 horas</strong>
            <span>para acusar recibo de tu solicitud</span>
          </div>
          <div className="sp-fact">
            <strong>Gratis</strong>
            <span>ejercer tus derechos no tiene coste</span>
          </div>
        </div>
        <ul>
          <li>Solo recogemos los datos necesarios para darte el servicio y los que tú decides compartir.</li>
          <li>No vendemos tus datos a nadie.</li>
          <li>Las cookies opcionales (análisis, marketing, personalización) solo se activan con tu consentimiento.</li>
          <li>Puedes pedirnos en cualquier momento una copia de tus datos o que los borremos.</li>
        </ul>
        <p>Usa el menú para consultar cada apartado.</p>
      </>
    ),
  },
  {
    id: 'controller',
    title: 'Responsable del tratamiento',
    body: (
      <>
        <p>El responsable del tratamiento de tus datos es el titular de Festivales, una microempresa:</p>
        <dl className="legal-data">
          <dt>Titular</dt>
          <dd>{ownerPlaceholders.name}</dd>
          <dt>NIF/CIF</dt>
          <dd>{ownerPlaceholders.taxId}</dd>
          <dt>Domicilio</dt>
          <dd>{ownerPlaceholders.address}</dd>
          <dt>Correo de privacidad</dt>
          <dd>{privacyMail}</dd>
        </dl>
        <div className="sp-callout">
          <p>
            Por su tamaño y actividad, Festivales no está obligada a designar un Delegado de Protección de Datos (DPO) y no lo
            ha designado. Cualquier consulta sobre privacidad la atiende directamente el responsable en {privacyMail}.
          </p>
        </div>
      </>
    ),
  },
  {
    id: 'data-types',
    title: 'Datos que tratamos',
    body: (
      <>
        <p>Tratamos cuatro categorías de datos:</p>
        <h3>Datos identificativos</h3>
        <p>
          Al iniciar sesión con Google recibimos tu nombre, tu dirección de correo y tu foto de perfil. No recibimos ni guardamos
          tu contraseña.
        </p>
        <h3>Datos de navegación</h3>
        <p>
          Información técnica necesaria para que la web funcione y sea segura (dirección IP, tipo de navegador, páginas visitadas)
          y, solo si aceptas las cookies de análisis, estadísticas de uso.
        </p>
        <h3>Datos de preferencias</h3>
        <p>
          Tus festivales favoritos, tu elección de cookies y, si te suscribes, tu correo para la newsletter. Los favoritos se
          guardan en tu navegador y, si has iniciado sesión, también en tu cuenta.
        </p>
        <h3>Datos de comunicación</h3>
        <p>
          Lo que publicas o nos envías: comentarios y valoraciones, fotos y vídeos, votos, denuncias de contenido, propuestas de
          festivales, notificaciones y los mensajes del formulario de contacto.
        </p>
      </>
    ),
  },
  {
    id: 'legal-basis',
    title: 'Base legal',
    body: (
      <>
        <p>Tratamos tus datos con alguna de estas bases legales del artículo 6 del RGPD:</p>
        <ul>
          <li>
            <strong>Consentimiento:</strong> cookies opcionales, newsletter y personalización. Puedes retirarlo cuando quieras.
          </li>
          <li>
            <strong>Ejecución de un contrato:</strong> crear y gestionar tu cuenta para que puedas usar las funciones de usuario
            registrado.
          </li>
          <li>
            <strong>Interés legítimo:</strong> atención al cliente, análisis para mejorar el servicio y prevención del fraude y
            del abuso.
          </li>
          <li>
            <strong>Obligación legal:</strong> conservar la información que exige la ley y atender requerimientos de las
            autoridades.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'purposes',
    title: 'Finalidades',
    body: (
      <>
        <p>Estas son las finalidades para las que usamos tus datos:</p>
        <div className="sp-table-wrap">
          <table className="sp-table">
            <caption className="visually-hidden">Finalidades del tratamiento, base legal y carácter</caption>
            <thead>
              <tr>
                <th scope="col">Finalidad</th>
                <th scope="col">Base legal</th>
                <th scope="col">Carácter</th>
              </tr>
            </thead>
            <tbody>
              <tr><td>Gestión de la cuenta</td><td>Contrato</td><td>Obligatorio</td></tr>
              <tr><td>Personalización</td><td>Consentimiento</td><td>Opcional</td></tr>
              <tr><td>Marketing y newsletter</td><td>Consentimiento</td><td>Opcional</td></tr>
              <tr><td>Análisis de uso</td><td>Interés legítimo</td><td>Opcional</td></tr>
              <tr><td>Atención al cliente</td><td>Interés legítimo</td><td>Obligatorio</td></tr>
              <tr><td>Prevención del fraude</td><td>Interés legítimo</td><td>Obligatorio</td></tr>
              <tr><td>Obligaciones legales</td><td>Obligación legal</td><td>Obligatorio</td></tr>
            </tbody>
          </table>
        </div>
        <p>No tomamos decisiones automatizadas ni elaboramos perfiles con efectos jurídicos sobre ti.</p>
      </>
    ),
  },
  {
    id: 'retention',
    title: 'Conservación',
    body: (
      <>
        <p>Guardamos cada tipo de dato solo el tiempo necesario:</p>
        <div className="sp-table-wrap">
          <table className="sp-table">
            <caption className="visually-hidden">Plazos de conservación por categoría de datos</caption>
            <thead>
              <tr>
                <th scope="col">Datos</th>
                <th scope="col">Plazo</th>
              </tr>
            </thead>
            <tbody>
              <tr><td>Identificativos</td><td>Mientras tengas la cuenta y 6 años después de darla de baja</td></tr>
              <tr><td>Navegación</td><td>25 meses</td></tr>
              <tr><td>Preferencias</td><td>Hasta que revoques tu consentimiento o las cambies</td></tr>
              <tr><td>Comunicación</td><td>3 años desde la última interacción</td></tr>
            </tbody>
          </table>
        </div>
        <p>Pasados esos plazos, los datos se eliminan o se anonimizan de forma irreversible.</p>
      </>
    ),
  },
  {
    id: 'recipients',
    title: 'Destinatarios',
    body: (
      <>
        <p>No cedemos tus datos a terceros salvo obligación legal. Para prestar el servicio trabajan con nosotros, como encargados del tratamiento:</p>
        <ul>
          <li>Proveedores de alojamiento y almacenamiento de la web y de las imágenes.</li>
          <li>Google, como proveedor del inicio de sesión (solo recibe lo necesario para autenticarte).</li>
          <li>El proveedor del envío de la newsletter, si te suscribes.</li>
        </ul>
        <p>
          Todos están sujetos a contrato y al RGPD. <strong>No realizamos transferencias internacionales de datos fuera del
          Espacio Económico Europeo.</strong>
        </p>
        <p>
          Lo que publicas (comentarios, valoraciones, fotos y vídeos) es visible para los demás visitantes junto con tu nombre y
          tu foto de perfil.
        </p>
      </>
    ),
  },
  {
    id: 'rights',
    title: 'Tus derechos',
    body: (
      <>
        <p>Puedes ejercer en cualquier momento los siguientes derechos:</p>
        <ul>
          <li><strong>Acceso:</strong> saber qué datos tuyos tratamos.</li>
          <li><strong>Rectificación:</strong> corregir los que sean inexactos.</li>
          <li><strong>Supresión:</strong> pedir que los borremos.</li>
          <li><strong>Limitación:</strong> pedir que dejemos de usarlos temporalmente.</li>
          <li><strong>Portabilidad:</strong> recibirlos en un formato estructurado.</li>
          <li><strong>Oposición:</strong> oponerte a un tratamiento basado en interés legítimo.</li>
        </ul>
        <h3>Cómo ejercerlos</h3>
        <p>
          Envía un correo a {privacyMail} indicando el derecho que quieres ejercer y adjunta una copia de tu documento de
          identidad para que podamos comprobar que eres tú.
        </p>
        <div className="sp-facts">
          <div className="sp-fact">
            <strong>48 horas</strong>
            <span>para acusar recibo</span>
          </div>
          <div className="sp-fact">
            <strong>1 mes</strong>
            <span>para responder, ampliable 2 meses en casos complejos</span>
          </div>
          <div className="sp-fact">
            <strong>Gratuito</strong>
            <span>sin ningún coste para ti</span>
          </div>
        </div>
        <p>
          Si no quedas satisfecho, puedes reclamar ante la{' '}
          <a href={AEPD_URL} target="_blank" rel="noopener noreferrer">
            Agencia Española de Protección de Datos
          </a>
          .
        </p>
      </>
    ),
  },
  {
    id: 'security',
    title: 'Seguridad',
    body: (
      <>
        <p>Aplicamos medidas técnicas y organizativas para proteger tus datos:</p>
        <ul>
          <li>Conexiones cifradas (HTTPS) en toda la web.</li>
          <li>Sesiones firmadas y de duración limitada; nunca guardamos contraseñas.</li>
          <li>Acceso a los datos restringido a las personas que lo necesitan, con permisos de administrador verificados en el servidor.</li>
          <li>Copias de seguridad y registro de las acciones de moderación.</li>
        </ul>
        <div className="sp-callout">
          <p>
            Si se produjera una brecha de seguridad que afecte a tus datos, la notificaremos a la autoridad de control en un plazo
            máximo de 72 horas y, cuando suponga un riesgo alto, también a ti.
          </p>
        </div>
      </>
    ),
  },
  {
    id: 'contact',
    title: 'Contacto',
    body: (
      <>
        <p>Para cualquier duda sobre esta política o sobre tus datos:</p>
        <dl className="legal-data">
          <dt>Correo de privacidad</dt>
          <dd>{privacyMail}</dd>
          <dt>Formulario</dt>
          <dd>
            <Link to={paths.contact()}>Página de contacto</Link>
          </dd>
          <dt>Autoridad de control</dt>
          <dd>
            <a href={AEPD_URL} target="_blank" rel="noopener noreferrer">
              Agencia Española de Protección de Datos (aepd.es)
            </a>
          </dd>
        </dl>
        <p>
          Consulta también nuestro <Link to={paths.legal()}>Aviso Legal</Link>.
        </p>
      </>
    ),
  },
];

function sectionFromHash(): number {
  const id = window.location.hash.slice(1);
  const index = sections.findIndex((s) => s.id === id);
  return index >= 0 ? index : 0;
}

export function PrivacyPage() {
  const [active, setActive] = useState(sectionFromHash);
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const panel = useRef<HTMLElement>(null);

  useEffect(() => {
    const onHash = () => setActive(sectionFromHash());
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);

  const select = useCallback((index: number, focusTab = false) => {
    setActive(index);
    window.history.replaceState(window.history.state, '', `#${sections[index].id}`);
    if (focusTab) tabs.current[index]?.focus();
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = sections.length - 1;
    const next =
      event.key === 'ArrowDown' || event.key === 'ArrowRight'
        ? (index + 1) % sections.length
        : event.key === 'ArrowUp' || event.key === 'ArrowLeft'
          ? (index - 1 + sections.length) % sections.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : -1;
    if (next < 0) return;
    event.preventDefault();
    select(next, true);
  };

  const goTo = (index: number) => {
    select(index);
    panel.current?.focus({ preventScroll: true });
    panel.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  };

  const section = sections[active];
  return (
    <div className="page">
      <div className="container">
        <h1 className="page-title">Política de Privacidad</h1>
        <p className="sp-updated">
          Última actualización: <time dateTime={todayIso()}>{formatDate(todayIso())}</time>
        </p>
        <div className="privacy-layout">
          <div className="card privacy-nav" role="tablist" aria-orientation="vertical" aria-label="Apartados de la política de privacidad">
            {sections.map((s, i) => (
              <button
                key={s.id}
                ref={(el) => {
                  tabs.current[i] = el;
                }}
                id={`privacy-tab-${s.id}`}
                type="button"
                role="tab"
                aria-selected={i === active}
                aria-controls="privacy-panel"
                tabIndex={i === active ? 0 : -1}
                onClick={() => {
                  select(i);
                  // Under the sidebar on narrow screens: bring the chosen section into view.
                  if (window.matchMedia('(max-width: 900px)').matches) panel.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
                }}
                onKeyDown={(e) => onKeyDown(e, i)}
              >
                <span className="num" aria-hidden="true">
                  {i + 1}
                </span>
                {s.title}
              </button>
            ))}
          </div>
          <section
            ref={panel}
            id="privacy-panel"
            className="card privacy-panel sp-prose"
            role="tabpanel"
            aria-labelledby={`privacy-tab-${section.id}`}
            tabIndex={0}
            style={{ scrollMarginTop: 'calc(var(--header-height) + 16px)' }}
          >
            <h2>{section.title}</h2>
            {section.body}
            <div className="privacy-pager">
              {active > 0 ? (
                <button type="button" className="btn btn-sm" onClick={() => goTo(active - 1)}>
                  ← {sections[active - 1].title}
                </button>
              ) : (
                <span />
              )}
              {active < sections.length - 1 && (
                <button type="button" className="btn btn-sm" onClick={() => goTo(active + 1)}>
                  {sections[active + 1].title} →
                </button>
              )}
            </div>
          </section>
        </div>
      </div>
    </div>
  );
}
