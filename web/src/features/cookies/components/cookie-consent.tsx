import { useId, useLayoutEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { CookieIcon } from 'lucide-react';
import { allAccepted, onlyEssential, readConsent, saveConsent, type CookiePreferences } from '../api/consent';
import { takeConfigureAsked } from '../api/static-banner';
import './cookies.css';

type Optional = Exclude<keyof CookiePreferences, 'essential'>;

const categories: { key: keyof CookiePreferences; title: string; text: string }[] = [
  {
    key: 'essential',
    title: 'Esenciales',
    text: 'Necesarias para que la web funcione (sesión, favoritos, esta elección). Siempre activas.',
  },
  { key: 'analytics', title: 'Analíticas', text: 'Nos ayudan a entender qué festivales y páginas interesan más.' },
  {
    key: 'marketing',
    title: 'Marketing',
    text: 'Permiten mostrarte novedades y promociones de festivales relevantes.',
  },
  {
    key: 'personalization',
    title: 'Personalización',
    text: 'Recuerdan tus preferencias para adaptar las recomendaciones.',
  },
];

/**
 * The banner shows while no choice is stored; 'Aceptar Todas', 'Rechazar Todas',
 * 'Configurar' (optional categories) and 'Guardar Preferencias'; afterwards a floating button reopens it.
 */
export function CookieConsentBanner() {
  const [stored, setStored] = useState(() => readConsent());
  const [open, setOpen] = useState(() => stored === null);
  const [configuring, setConfiguring] = useState(false);
  const [draft, setDraft] = useState<CookiePreferences>(() => stored?.preferences ?? onlyEssential);
  const titleId = useId();

  // index.html's static banner, shown until this one draws, may have been used meanwhile (while
  // the state above was read): a stored choice closes this one, 'Configurar' opens the categories.
  useLayoutEffect(() => {
    if (takeConfigureAsked()) setConfiguring(true);
    const now = readConsent();
    if (now && !stored) {
      setStored(now);
      setDraft(now.preferences);
      setOpen(false);
    }
    // Once, on the first draw.
  }, []);

  const save = (preferences: CookiePreferences) => {
    setStored(saveConsent(preferences));
    setDraft(preferences);
    setOpen(false);
    setConfiguring(false);
  };

  if (!open) {
    return stored ? (
      <button
        type="button"
        className="cookie-fab"
        aria-label="Configuración de cookies"
        title="Configuración de cookies"
        onClick={() => {
          setDraft(stored.preferences);
          setConfiguring(true);
          setOpen(true);
        }}
      >
        <CookieIcon className="icon" />
      </button>
    ) : null;
  }

  return (
    <section className="cookie-banner" role="region" aria-labelledby={titleId}>
      <h2 id={titleId}>Tu privacidad importa</h2>
      <p>
        Usamos cookies esenciales para que la web funcione y, si nos dejas, otras para analizar el uso y personalizar tu
        experiencia. Más información en la <Link to="/privacy-policy">política de privacidad</Link> y el{' '}
        <Link to="/legal">aviso legal</Link>.
      </p>
      {configuring ? (
        <fieldset className="cookie-options">
          <legend className="visually-hidden">Categorías de cookies</legend>
          {categories.map((c) => (
            <label key={c.key} className="cookie-option">
              <input
                type="checkbox"
                checked={c.key === 'essential' ? true : draft[c.key]}
                disabled={c.key === 'essential'}
                onChange={(event) => setDraft((d) => ({ ...d, [c.key as Optional]: event.target.checked }))}
              />
              <span>
                <strong>{c.title}</strong>
                <span>{c.text}</span>
              </span>
            </label>
          ))}
        </fieldset>
      ) : null}
      <div className="cookie-actions">
        <button type="button" className="btn btn-primary btn-sm" onClick={() => save(allAccepted)}>
          Aceptar Todas
        </button>
        <button type="button" className="btn btn-sm" onClick={() => save(onlyEssential)}>
          Rechazar Todas
        </button>
        {configuring ? (
          <button type="button" className="btn btn-outline-accent btn-sm" onClick={() => save(draft)}>
            Guardar Preferencias
          </button>
        ) : (
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => setConfiguring(true)}>
            Configurar
          </button>
        )}
      </div>
    </section>
  );
}
