import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import {
  ArrowDownIcon,
  BriefcaseIcon,
  ClockIcon,
  HandshakeIcon,
  MailIcon,
  MessageSquareIcon,
  MusicIcon,
  NewspaperIcon,
  PhoneIcon,
  SendIcon,
  WrenchIcon,
  type LucideIcon,
} from 'lucide-react';
import { contactCategories, type ContactCategory } from '#core/types';
import { ApiError } from '../../../lib/api-client';
import { sendContactMessage } from '../api/send-contact-message';
import { contactChannels } from '../contact-channels';
// The testimonials reuse the rating stars' look.
import '../../../components/ui/stars.css';
import './static-pages.css';
import './contact-page.css';

type Status = 'idle' | 'sending' | 'success' | 'error';

const SUCCESS = '¡Mensaje enviado correctamente! Te responderemos pronto.';
const FAILURE = 'Error al enviar el mensaje. Por favor, inténtalo de nuevo.';

/** Six inquiry cards, one per contact category. */
const inquiries: { category: ContactCategory; icon: LucideIcon; text: string }[] = [
  { category: 'general', icon: MessageSquareIcon, text: 'Dudas sobre la web, tu cuenta o cualquier otra cosa.' },
  {
    category: 'festivals',
    icon: MusicIcon,
    text: 'Fechas, carteles o datos de un festival que no encuentras o están mal.',
  },
  {
    category: 'partnership',
    icon: HandshakeIcon,
    text: 'Promotores, colectivos y medios que quieren trabajar con nosotros.',
  },
  {
    category: 'support',
    icon: WrenchIcon,
    text: 'Problemas al iniciar sesión, subir fotos o usar el mapa y el calendario.',
  },
  { category: 'business', icon: BriefcaseIcon, text: 'Publicidad, patrocinios y acuerdos comerciales.' },
  { category: 'press', icon: NewspaperIcon, text: 'Entrevistas, datos y material para periodistas.' },
];

const testimonials = [
  {
    initials: 'CG',
    name: 'Carla G.',
    place: 'Valencia',
    text: 'Les escribí porque faltaba un festival de Portugal y en dos días ya estaba publicado. Atención de diez.',
  },
  {
    initials: 'DM',
    name: 'David M.',
    place: 'Bilbao',
    text: 'Tuve un problema al subir fotos desde el móvil y soporte me lo resolvió esa misma mañana.',
  },
  {
    initials: 'EP',
    name: 'Elena P.',
    place: 'Promotora, Lisboa',
    text: 'Colaborar con ellos fue muy fácil: respuesta rápida, trato cercano y mucha visibilidad para nuestro evento.',
  },
];

const empty = { name: '', email: '', subject: '', category: '' as ContactCategory | '', message: '' };

export function ContactPage() {
  const [form, setForm] = useState(empty);
  const [status, setStatus] = useState<Status>('idle');
  const [detail, setDetail] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const nameRef = useRef<HTMLInputElement>(null);

  const scrollToForm = (category?: ContactCategory) => {
    if (category) setForm((f) => ({ ...f, category }));
    formRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    nameRef.current?.focus({ preventScroll: true });
  };

  const update =
    (field: keyof typeof empty) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => {
      setForm((f) => ({ ...f, [field]: event.target.value }));
      if (status === 'success' || status === 'error') setStatus('idle');
    };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (status === 'sending') return;
    setStatus('sending');
    setDetail(null);
    try {
      await sendContactMessage({ ...form, category: form.category || undefined });
      setStatus('success');
      setForm(empty);
    } catch (error) {
      setStatus('error');
      // The server's own words help when a field was refused (400) or too many messages were sent (429).
      if (error instanceof ApiError && (error.status === 400 || error.status === 429)) setDetail(error.message);
    }
  };

  const sending = status === 'sending';
  return (
    <div className="page">
      <div className="container">
        <header className="sp-hero contact-hero">
          <span className="badge badge-info">Respuesta en 24-48h</span>
          <h1 className="page-title">
            <span className="gradient-text">Contacta</span> con nosotros
          </h1>
          <p className="sp-lead">
            ¿Tienes una pregunta, una propuesta o has encontrado un error? Cuéntanoslo: leemos todos los mensajes y
            respondemos en 24-48 horas laborables.
          </p>
          <div className="sp-actions">
            <button type="button" className="btn btn-primary" onClick={() => scrollToForm()}>
              <ArrowDownIcon size={18} /> Escribir un mensaje
            </button>
          </div>
        </header>

        <section className="sp-section" aria-labelledby="contact-inquiries-title">
          <h2 id="contact-inquiries-title" className="sp-section-title">
            ¿En qué podemos ayudarte?
          </h2>
          <p className="sp-section-intro">
            Elige el motivo de tu consulta y te llevamos al formulario con la categoría ya marcada.
          </p>
          <div className="sp-grid contact-inquiries">
            {inquiries.map((q, i) => (
              <button
                key={q.category}
                type="button"
                className="card contact-inquiry"
                onClick={() => scrollToForm(q.category)}
              >
                <span className={`sp-card-icon${i % 2 ? ' alt' : ''}`} aria-hidden="true">
                  <q.icon size={22} />
                </span>
                <strong>{contactCategories[q.category]}</strong>
                <span>{q.text}</span>
              </button>
            ))}
          </div>
        </section>

        <div className="contact-layout">
          <form
            ref={formRef}
            id="contact-form"
            className="card contact-form"
            onSubmit={submit}
            aria-labelledby="contact-form-title"
          >
            <h2 id="contact-form-title">Envíanos un Mensaje</h2>
            <p className="muted" style={{ margin: 0 }}>
              Los campos marcados con{' '}
              <span className="required-mark" aria-hidden="true">
                *
              </span>
              <span className="visually-hidden">asterisco</span> son obligatorios.
            </p>
            <div className="contact-row">
              <div className="field">
                <label htmlFor="contact-name">
                  Nombre
                  <span className="required-mark" aria-hidden="true">
                    *
                  </span>
                </label>
                <input
                  ref={nameRef}
                  id="contact-name"
                  className="input"
                  name="name"
                  autoComplete="name"
                  required
                  value={form.name}
                  onChange={update('name')}
                />
              </div>
              <div className="field">
                <label htmlFor="contact-email">
                  Correo electrónico
                  <span className="required-mark" aria-hidden="true">
                    *
                  </span>
                </label>
                <input
                  id="contact-email"
                  className="input"
                  type="email"
                  name="email"
                  autoComplete="email"
                  required
                  value={form.email}
                  onChange={update('email')}
                />
              </div>
            </div>
            <div className="contact-row">
              <div className="field">
                <label htmlFor="contact-subject">
                  Asunto
                  <span className="required-mark" aria-hidden="true">
                    *
                  </span>
                </label>
                <input
                  id="contact-subject"
                  className="input"
                  name="subject"
                  required
                  value={form.subject}
                  onChange={update('subject')}
                />
              </div>
              <div className="field">
                <label htmlFor="contact-category">Categoría</label>
                <select
                  id="contact-category"
                  className="select"
                  name="category"
                  value={form.category}
                  onChange={update('category')}
                >
                  <option value="">Selecciona una categoría</option>
                  {Object.entries(contactCategories).map(([key, label]) => (
                    <option key={key} value={key}>
                      {label}
                    </option>
                  ))}
                </select>
              </div>
            </div>
            <div className="field">
              <label htmlFor="contact-message">
                Mensaje
                <span className="required-mark" aria-hidden="true">
                  *
                </span>
              </label>
              <textarea
                id="contact-message"
                className="textarea"
                name="message"
                rows={6}
                required
                value={form.message}
                onChange={update('message')}
              />
            </div>
            <div aria-live="polite">
              {status === 'success' && (
                <p className="form-status form-status-success" role="status">
                  {SUCCESS}
                </p>
              )}
              {status === 'error' && (
                <div className="form-status form-status-error" role="alert">
                  <p style={{ margin: 0 }}>{FAILURE}</p>
                  {detail && <p style={{ margin: '4px 0 0', fontWeight: 400 }}>{detail}</p>}
                </div>
              )}
            </div>
            <div>
              <button type="submit" className="btn btn-primary" disabled={sending}>
                <SendIcon size={18} />
                {sending ? 'Enviando...' : 'Enviar mensaje'}
              </button>
            </div>
          </form>

          <aside className="contact-aside" aria-label="Otras formas de contacto">
            <section className="card" aria-labelledby="contact-channels-title">
              <h2 id="contact-channels-title">Otros canales</h2>
              <div className="contact-channel">
                <span className="sp-card-icon" aria-hidden="true">
                  <MailIcon size={18} />
                </span>
                <div>
                  <strong>Consultas generales</strong>
                  <a href={`mailto:${contactChannels.general}`}>{contactChannels.general}</a>
                </div>
              </div>
              <div className="contact-channel">
                <span className="sp-card-icon alt" aria-hidden="true">
                  <BriefcaseIcon size={18} />
                </span>
                <div>
                  <strong>Comercial</strong>
                  <a href={`mailto:${contactChannels.commercial}`}>{contactChannels.commercial}</a>
                </div>
              </div>
              <div className="contact-channel">
                <span className="sp-card-icon" aria-hidden="true">
                  <WrenchIcon size={18} />
                </span>
                <div>
                  <strong>Soporte</strong>
                  <a href={`mailto:${contactChannels.support}`}>{contactChannels.support}</a>
                </div>
              </div>
              <div className="contact-channel">
                <span className="sp-card-icon alt" aria-hidden="true">
                  <PhoneIcon size={18} />
                </span>
                <div>
                  <strong>Teléfono</strong>
                  <a href={`tel:${contactChannels.phone.replace(/\s+/g, '')}`}>{contactChannels.phone}</a>
                </div>
              </div>
            </section>

            <section className="card" aria-labelledby="contact-hours-title">
              <h2 id="contact-hours-title">Horario de atención</h2>
              <dl className="contact-hours">
                <dt>Lunes a viernes</dt>
                <dd>9:00 - 18:00</dd>
                <dt>Sábados</dt>
                <dd>10:00 - 14:00</dd>
                <dt>Domingos</dt>
                <dd>Cerrado</dd>
              </dl>
            </section>

            <section className="card" aria-labelledby="contact-response-title">
              <h2 id="contact-response-title">
                <ClockIcon size={18} /> Tiempo de respuesta
              </h2>
              <p className="muted" style={{ margin: 0 }}>
                Respondemos a todos los mensajes en un plazo de 24-48 horas laborables. Las consultas de soporte técnico
                tienen prioridad.
              </p>
            </section>
          </aside>
        </div>

        <section className="sp-section" aria-labelledby="contact-testimonials-title">
          <h2 id="contact-testimonials-title" className="sp-section-title">
            Lo que dicen quienes nos han escrito
          </h2>
          <div className="sp-grid">
            {testimonials.map((t) => (
              <figure key={t.name} className="card testimonial" style={{ margin: 0 }}>
                <span className="stars" role="img" aria-label="5 de 5 estrellas">
                  ★★★★★
                </span>
                <blockquote>“{t.text}”</blockquote>
                <figcaption>
                  <span className="about-avatar" aria-hidden="true">
                    {t.initials}
                  </span>
                  <span>
                    <strong>{t.name}</strong>
                    <br />
                    <span className="muted">{t.place}</span>
                  </span>
                </figcaption>
              </figure>
            ))}
          </div>
        </section>

        <section className="card about-cta" aria-labelledby="contact-cta-title">
          <h2 id="contact-cta-title" className="sp-section-title">
            ¿Listo para escribirnos?
          </h2>
          <p className="muted">
            Usa el formulario o mándanos un correo directamente: te responderemos lo antes posible.
          </p>
          <div className="sp-actions">
            <button type="button" className="btn btn-primary" onClick={() => scrollToForm()}>
              Ir al formulario
            </button>
            <a className="btn" href={`mailto:${contactChannels.general}`}>
              <MailIcon size={18} /> Enviar un correo
            </a>
          </div>
        </section>
      </div>
    </div>
  );
}
