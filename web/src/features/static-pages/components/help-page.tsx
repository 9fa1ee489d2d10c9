import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { CalendarIcon, EyeIcon, FileTextIcon, HeartIcon, LockIcon, MapPinIcon, MessageSquareIcon, MusicIcon, SendIcon, ShieldIcon, UsersIcon, ZapIcon, type LucideIcon } from 'lucide-react';
import { paths } from '../../../config/paths';
import { contactChannels } from '../contact-channels';
import './static-pages.css';

interface Topic {
  id: string;
  icon: LucideIcon;
  title: string;
  intro: ReactNode;
  questions: { q: string; a: ReactNode }[];
}

const topics: Topic[] = [
  {
    id: 'inicio',
    icon: MusicIcon,
    title: 'Buscar festivales',
    intro: (
      <>
        La <Link to={paths.home()}>página de inicio</Link> muestra todos los festivales publicados con una barra de filtros encima.
      </>
    ),
    questions: [
      {
        q: '¿Cómo busco un festival concreto?',
        a: <p>Escribe en el buscador parte del nombre o de la ciudad. No importan las mayúsculas ni los acentos: «sonar» encuentra «Sónar».</p>,
      },
      {
        q: '¿Qué filtros hay?',
        a: (
          <ul>
            <li><strong>Género:</strong> techno, house, trance…</li>
            <li><strong>Valoración mínima:</strong> de 1 a 5 estrellas según la media de los comentarios.</li>
            <li><strong>Orden:</strong> por fecha, alfabético o por valoración.</li>
            <li><strong>Solo próximos festivales:</strong> activado por defecto; oculta los que ya han pasado.</li>
            <li><strong>Fechas:</strong> elige un rango para ver qué hay esos días (desactiva «Solo próximos»).</li>
          </ul>
        ),
      },
      {
        q: 'No me sale ningún resultado',
        a: <p>Pulsa «Limpiar filtros» para volver a ver todos los festivales próximos.</p>,
      },
      {
        q: '¿Puedo ver los festivales en lista?',
        a: <p>Sí: el botón de vista alterna entre cuadrícula y lista. El botón del mapa te lleva al mapa.</p>,
      },
    ],
  },
  {
    id: 'festival',
    icon: FileTextIcon,
    title: 'Página de un festival',
    intro: <>Al abrir un festival verás su imagen, fechas, ubicación, web oficial y su valoración media, organizado en pestañas.</>,
    questions: [
      {
        q: '¿Qué hay en cada pestaña?',
        a: (
          <ul>
            <li><strong>Información:</strong> datos generales, valoraciones y descripción.</li>
            <li><strong>Ubicación:</strong> mapa, dirección y enlaces «Cómo llegar» y «Ver en Google Maps», con información de transporte, aparcamiento y alojamiento si la hay.</li>
            <li><strong>Galería:</strong> fotos y vídeos de la comunidad.</li>
            <li><strong>Comentarios:</strong> opiniones con puntuación de 1 a 5 estrellas.</li>
          </ul>
        ),
      },
      {
        q: 'El mapa dice «Ubicación pendiente de geocodificación»',
        a: <p>El festival aún no tiene coordenadas. Nuestro equipo lo ubicará pronto; mientras tanto puedes buscar la dirección en Google Maps con el enlace que aparece.</p>,
      },
      {
        q: '¿Cómo comparto un festival?',
        a: <p>Copia la dirección de la página: al pegarla en WhatsApp, Telegram o redes sociales se verá una vista previa con el nombre, la descripción y la imagen del festival.</p>,
      },
    ],
  },
  {
    id: 'favoritos',
    icon: HeartIcon,
    title: 'Favoritos',
    intro: (
      <>
        Marca el corazón de cualquier festival para guardarlo en <Link to={paths.favorites()}>Favoritos</Link>.
      </>
    ),
    questions: [
      {
        q: '¿Necesito una cuenta para guardar favoritos?',
        a: <p>No. Sin iniciar sesión se guardan en este navegador. Si inicias sesión se sincronizan con tu cuenta y los tendrás en cualquier dispositivo.</p>,
      },
      {
        q: '¿Puedo marcar favoritos desde el calendario?',
        a: <p>Sí, con la estrella que aparece junto a cada festival en el panel de un día.</p>,
      },
    ],
  },
  {
    id: 'mapa',
    icon: MapPinIcon,
    title: 'Mapa',
    intro: (
      <>
        El <Link to={paths.map()}>mapa</Link> sitúa cada festival con coordenadas. Cuando hay muchos cerca, se agrupan en un círculo con el número de festivales.
      </>
    ),
    questions: [
      {
        q: '¿Cómo me muevo por el mapa?',
        a: (
          <ul>
            <li>Arrastra para desplazarte y usa la rueda, los botones + y − o el gesto de pellizcar para hacer zoom.</li>
            <li>Pulsa un grupo para acercarte a los festivales que contiene.</li>
            <li>Pulsa un marcador para ver el nombre, la ubicación y las fechas, y el enlace a la página del festival.</li>
          </ul>
        ),
      },
      {
        q: '¿Cómo busco en el mapa?',
        a: <p>Escribe en el buscador del mapa: busca en el nombre, la ubicación, la descripción y el género (sin importar los acentos) y centra el mapa en el primer resultado.</p>,
      },
    ],
  },
  {
    id: 'calendario',
    icon: CalendarIcon,
    title: 'Calendario',
    intro: (
      <>
        El <Link to={paths.calendar()}>calendario</Link> muestra qué festivales se celebran cada día.
      </>
    ),
    questions: [
      {
        q: '¿Qué vistas hay?',
        a: (
          <ul>
            <li><strong>Mes:</strong> hasta 2 festivales por día y «+N más» si hay más.</li>
            <li><strong>Semana:</strong> hasta 3 festivales por día.</li>
            <li><strong>Lista:</strong> los días del mes con festivales, uno debajo de otro. En el móvil es la única vista.</li>
          </ul>
        ),
      },
      {
        q: '¿Cómo cambio de mes o vuelvo a hoy?',
        a: <p>Usa las flechas para ir al periodo anterior o siguiente y «Hoy» para volver a la fecha actual.</p>,
      },
      {
        q: '¿Cómo añado un festival a mi calendario?',
        a: <p>Pulsa un día para abrir su panel y elige «Añadir a mi calendario»: se descarga un archivo .ics que puedes abrir con Google Calendar, Apple Calendar u Outlook.</p>,
      },
    ],
  },
  {
    id: 'cuenta',
    icon: UsersIcon,
    title: 'Cuenta e inicio de sesión',
    intro: <>Inicia sesión con tu cuenta de Google desde el botón de la cabecera.</>,
    questions: [
      {
        q: '¿Qué puedo hacer con una cuenta?',
        a: <p>Sincronizar favoritos, recibir notificaciones, comentar y puntuar, votar y subir fotos, denunciar contenido y proponer festivales.</p>,
      },
      {
        q: 'No aparece el botón de Google',
        a: <p>Si el navegador bloquea el script de Google (por ejemplo, en navegación privada) verás un botón «Iniciar sesión» alternativo con la nota «Modo alternativo para navegación privada».</p>,
      },
      {
        q: '¿Cómo cierro sesión?',
        a: <p>Abre tu menú de usuario (o el menú ☰ en el móvil) y pulsa «Cerrar sesión».</p>,
      },
    ],
  },
  {
    id: 'proponer',
    icon: SendIcon,
    title: 'Proponer un festival',
    intro: (
      <>
        ¿Falta un festival? Con sesión iniciada, entra en <Link to={paths.propose()}>Proponer festival</Link>.
      </>
    ),
    questions: [
      {
        q: '¿Qué datos necesito?',
        a: (
          <ul>
            <li>Obligatorios: nombre, ubicación, fecha de inicio, fecha de fin y descripción.</li>
            <li>Opcionales: web oficial, géneros separados por comas (por ejemplo «Techno, House») y hasta 5 imágenes de 5 MB como máximo.</li>
            <li>Las fechas se escriben como DD-MM-AAAA (también valen AAAA-MM-DD y DD/MM/AAAA).</li>
          </ul>
        ),
      },
      {
        q: '¿Cuándo aparece publicado?',
        a: <p>Las propuestas quedan pendientes de revisión. Cuando el equipo la apruebe o la rechace recibirás una notificación, y si se aprueba aparecerá en la lista, el mapa y el calendario.</p>,
      },
      {
        q: 'Me dice que ya existe',
        a: <p>Ya hay un festival pendiente o aprobado con ese nombre y localización. Búscalo en la página de inicio.</p>,
      },
    ],
  },
  {
    id: 'galeria',
    icon: EyeIcon,
    title: 'Galería, votos y denuncias',
    intro: <>La galería de cada festival reúne fotos y vídeos de la comunidad.</>,
    questions: [
      {
        q: '¿Cómo veo las fotos a pantalla completa?',
        a: <p>Pulsa una foto para abrir el visor. Las flechas del teclado pasan de foto, Escape cierra y F activa la pantalla completa. Desde el visor puedes compartir y descargar.</p>,
      },
      {
        q: '¿Cómo voto una foto?',
        a: <p>Con sesión iniciada, elige de 1 a 5 estrellas en el visor. Puedes cambiar tu voto cuando quieras.</p>,
      },
      {
        q: '¿Cómo denuncio contenido inapropiado?',
        a: <p>Pulsa «Denunciar» en la foto o vídeo, elige el motivo (violencia, contenido sexual, spam/publicidad, copyright u otro) y añade detalles si quieres. El equipo de moderación lo revisará.</p>,
      },
    ],
  },
  {
    id: 'comentarios',
    icon: MessageSquareIcon,
    title: 'Comentarios y valoraciones',
    intro: <>Los comentarios llevan una puntuación de 1 a 5 estrellas que cuenta para la valoración media del festival.</>,
    questions: [
      {
        q: '¿Hay límite de longitud?',
        a: <p>Sí, 300 caracteres. El comentario no puede estar vacío y hay que elegir una puntuación.</p>,
      },
      {
        q: '¿Puedo borrar mi comentario?',
        a: <p>Sí, desde el propio comentario mientras tengas la sesión iniciada.</p>,
      },
    ],
  },
  {
    id: 'notificaciones',
    icon: ZapIcon,
    title: 'Notificaciones y newsletter',
    intro: <>La campana de la cabecera muestra tus notificaciones.</>,
    questions: [
      {
        q: '¿Qué notificaciones recibo?',
        a: <p>Te avisamos cuando se aprueba o rechaza un festival que propusiste o una foto que subiste. Pulsa «Leída» para marcarla como leída.</p>,
      },
      {
        q: '¿Cómo me suscribo a la newsletter?',
        a: <p>Escribe tu correo en el formulario del pie de página. Puedes darte de baja desde cualquier correo que te enviemos.</p>,
      },
    ],
  },
  {
    id: 'cookies',
    icon: ShieldIcon,
    title: 'Cookies y privacidad',
    intro: (
      <>
        Al entrar por primera vez verás el aviso de cookies. Consulta la <Link to={paths.privacy()}>Política de Privacidad</Link>.
      </>
    ),
    questions: [
      {
        q: '¿Cómo cambio mi elección de cookies?',
        a: <p>Pulsa el botón flotante de configuración de cookies, abajo en la pantalla, y elige «Configurar» para activar o desactivar las categorías opcionales. Las esenciales siempre están activas.</p>,
      },
    ],
  },
  {
    id: 'admin',
    icon: LockIcon,
    title: 'Panel de administración',
    intro: <>Solo para el equipo de moderación: aparece como «Panel Admin» en el menú de los administradores.</>,
    questions: [
      {
        q: '¿Qué se puede hacer en el panel?',
        a: (
          <ul>
            <li>Aprobar o rechazar festivales y fotos o vídeos pendientes.</li>
            <li>Aprobar o rechazar comentarios.</li>
            <li>Revisar las denuncias: ocultar el contenido o descartar la denuncia.</li>
            <li>Crear, editar y borrar festivales y fotos, subir imágenes y ubicar festivales en el mapa.</li>
            <li>Leer los mensajes del formulario de contacto.</li>
          </ul>
        ),
      },
    ],
  },
];

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
            {topics.map((t, i) => (
              <section key={t.id} id={t.id} className="card help-topic" aria-labelledby={`${t.id}-title`}>
                <h2 id={`${t.id}-title`}>
                  <span className={`sp-card-icon${i % 2 ? ' alt' : ''}`} aria-hidden="true">
                    <t.icon size={18} />
                  </span>
                  {t.title}
                </h2>
                <p className="muted">{t.intro}</p>
                {t.questions.map((item) => (
                  <details key={item.q}>
                    <summary>{item.q}</summary>
                    {item.a}
                  </details>
                ))}
              </section>
            ))}
            <section className="card about-cta" aria-labelledby="help-more-title">
              <h2 id="help-more-title" className="sp-section-title">
                ¿No encuentras lo que buscas?
              </h2>
              <p className="muted">
                Escríbenos desde el formulario de contacto o a <a href={`mailto:${contactChannels.support}`}>{contactChannels.support}</a>.
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
