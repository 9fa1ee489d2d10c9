import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { formatDate, todayIso } from '../../../../../core/dates';
import { paths } from '../../../config/paths';
import { AEPD_URL, contactChannels, ownerPlaceholders } from '../contact-channels';
import './static-pages.css';

const sections = [
  { id: 'informacion-general', title: 'Información general' },
  { id: 'propiedad-intelectual', title: 'Propiedad intelectual e industrial' },
  { id: 'proteccion-de-datos', title: 'Protección de datos' },
  { id: 'limitacion-de-responsabilidad', title: 'Limitación de responsabilidad' },
  { id: 'cookies', title: 'Política de cookies' },
  { id: 'legislacion-y-jurisdiccion', title: 'Legislación aplicable y jurisdicción' },
];

function Section({ index, children }: { index: number; children: ReactNode }) {
  const s = sections[index];
  return (
    <section id={s.id} className="card legal-section" aria-labelledby={`${s.id}-title`}>
      <h2 id={`${s.id}-title`}>
        <span className="num">{index + 1}.</span> {s.title}
      </h2>
      {children}
    </section>
  );
}

/** Spec §2: 'Aviso Legal', six sections, today's date as last update, owner placeholders, legal mailbox and AEPD links. */
export function LegalNoticePage() {
  const legalMail = (
    <a href={`mailto:${contactChannels.legal}`}>{contactChannels.legal}</a>
  );
  return (
    <div className="page">
      <div className="container sp-prose">
        <h1 className="page-title">Aviso Legal</h1>
        <p className="sp-updated">
          Última actualización: <time dateTime={todayIso()}>{formatDate(todayIso())}</time>
        </p>
        <p>
          Este aviso legal regula el uso del sitio web Festivales, dedicado a descubrir festivales de música electrónica en
          Europa. Al navegar por el sitio aceptas las condiciones que se describen a continuación.
        </p>

        <nav className="card legal-toc" aria-label="Contenido del aviso legal">
          <strong>Contenido</strong>
          <ol>
            {sections.map((s) => (
              <li key={s.id}>
                <a href={`#${s.id}`}>{s.title}</a>
              </li>
            ))}
          </ol>
        </nav>

        <Section index={0}>
          <p>
            En cumplimiento de la Ley 34/2002, de 11 de julio, de Servicios de la Sociedad de la Información y de Comercio
            Electrónico (LSSI-CE), se informa de los datos del titular de este sitio web:
          </p>
          <dl className="legal-data">
            <dt>Titular</dt>
            <dd>{ownerPlaceholders.name}</dd>
            <dt>NIF/CIF</dt>
            <dd>{ownerPlaceholders.taxId}</dd>
            <dt>Domicilio</dt>
            <dd>{ownerPlaceholders.address}</dd>
            <dt>Registro</dt>
            <dd>{ownerPlaceholders.registry}</dd>
            <dt>Correo legal</dt>
            <dd>{legalMail}</dd>
            <dt>Sitio web</dt>
            <dd>Festivales</dd>
          </dl>
        </Section>

        <Section index={1}>
          <p>
            El diseño, los textos, el código, los logotipos y la selección de contenidos de este sitio son propiedad del titular
            o se usan con licencia, y están protegidos por la normativa de propiedad intelectual e industrial.
          </p>
          <p>
            Los nombres, marcas, imágenes y logotipos de los festivales pertenecen a sus respectivos organizadores y se muestran
            únicamente con fines informativos. Las fotos y vídeos que suben los usuarios siguen siendo de sus autores, que
            conceden a Festivales permiso para mostrarlos en el sitio.
          </p>
          <p>
            Si crees que algún contenido vulnera tus derechos, usa el botón «Denunciar» de la galería o escríbenos a {legalMail}{' '}
            y lo retiraremos tras comprobarlo.
          </p>
        </Section>

        <Section index={2}>
          <p>
            Tratamos los datos personales conforme al Reglamento (UE) 2016/679 (RGPD) y a la Ley Orgánica 3/2018 de Protección de
            Datos Personales y garantía de los derechos digitales (LOPDGDD). Toda la información sobre qué datos recogemos, para
            qué, durante cuánto tiempo y cómo ejercer tus derechos está en nuestra{' '}
            <Link to={paths.privacy()}>Política de Privacidad</Link>.
          </p>
          <p>
            Si consideras que no hemos atendido correctamente tus derechos, puedes presentar una reclamación ante la{' '}
            <a href={AEPD_URL} target="_blank" rel="noopener noreferrer">
              Agencia Española de Protección de Datos (AEPD)
            </a>
            .
          </p>
        </Section>

        <Section index={3}>
          <p>
            Las fechas, ubicaciones, carteles y demás datos de los festivales son orientativos: los publicamos tras revisarlos, pero
            pueden cambiar por decisión de los organizadores. Antes de comprar entradas o planificar un viaje, confirma siempre la
            información en la web oficial de cada festival.
          </p>
          <ul>
            <li>No nos hacemos responsables de cancelaciones, cambios de fecha o de cartel de los festivales.</li>
            <li>
              Los comentarios, valoraciones, fotos y vídeos son responsabilidad de quien los publica. Moderamos el contenido y
              retiramos el que se denuncia y resulta inapropiado.
            </li>
            <li>Los enlaces a sitios de terceros se ofrecen por comodidad; no controlamos su contenido ni su disponibilidad.</li>
            <li>Hacemos lo posible por mantener el servicio disponible, pero no garantizamos que funcione sin interrupciones.</li>
          </ul>
        </Section>

        <Section index={4}>
          <p>
            Usamos almacenamiento local y cookies esenciales para que la web funcione (tu sesión, tus favoritos y tu elección de
            cookies). Las cookies de análisis, marketing y personalización solo se activan si las aceptas en el aviso de cookies,
            que puedes volver a abrir en cualquier momento con el botón flotante de configuración.
          </p>
          <p>
            Tu elección se guarda en tu navegador junto con la fecha en que la hiciste. Más detalles en la{' '}
            <Link to={paths.privacy()}>Política de Privacidad</Link>.
          </p>
        </Section>

        <Section index={5}>
          <p>
            Este aviso legal se rige por la legislación española. Para cualquier controversia, las partes se someten a los juzgados
            y tribunales del domicilio del usuario cuando este actúe como consumidor y, en los demás casos, a los del domicilio del
            titular.
          </p>
          <p>Para cualquier consulta sobre este aviso legal, escríbenos a {legalMail}.</p>
        </Section>
      </div>
    </div>
  );
}
