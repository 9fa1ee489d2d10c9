import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { CookieIcon } from 'lucide-react';
import { allAccepted, onlyEssential, readConsent, saveConsent, type CookiePreferences } from '../api/consent';
import {
  configureAsked,
  COOKIE_CHOICE_ATTRIBUTE,
  forgetConfigureAsked,
  STATIC_COOKIE_BANNER_ID,
} from '../api/static-banner';
import { useHydrated } from '../../../lib/use-hydrated';
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
  // The build renders the banner hidden (src/boot/static-markup.tsx) and the boot entry shows it on a
  // first visit: the app takes that very element over, and only then reads the stored choice.
  const hydrated = useHydrated();
  const [stored, setStored] = useState(() => readConsent());
  const [open, setOpen] = useState(() => stored === null);
  const [configuring, setConfiguring] = useState(configureAsked);
  const [draft, setDraft] = useState<CookiePreferences>(() => stored?.preferences ?? onlyEssential);
  const titleId = useId();

  // 'Configurar' pressed before the app took the banner over (the boot entry answers it until then,
  // and a choice it stored is read above): the categories open, and the request is forgotten.
  useEffect(forgetConfigureAsked, []);

  const save = (preferences: CookiePreferences) => {
    setStored(saveConsent(preferences));
    setDraft(preferences);
    setOpen(false);
    setConfiguring(false);
  };

  const choice = { [COOKIE_CHOICE_ATTRIBUTE]: 'configure' };
  if (hydrated && !open) {
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
    <section
      id={STATIC_COOKIE_BANNER_ID}
      className="cookie-banner"
      role="region"
      aria-labelledby={titleId}
      hidden={!hydrated}
    >
      <h2 id={titleId}>Tu privacidad importa</h2>
      <p>
        Usamos cookies esenciales para que la web funcione y, si nos dejas, otras para analizar el uso y personalizar tu
        experiencia. Más información en la <Link to="/privacy-policy">política de privacidad</Link> y el{' '}
        <Link to="/legal">aviso legal</Link>.
      </p>
      {hydrated && configuring ? (
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
        <button
          type="button"
          className="btn btn-primary btn-sm"
          {...{ [COOKIE_CHOICE_ATTRIBUTE]: 'all' }}
          onClick={() => save(allAccepted)}
        >
          Aceptar Todas
        </button>
        <button
          type="button"
          className="btn btn-sm"
          {...{ [COOKIE_CHOICE_ATTRIBUTE]: 'essential' }}
          onClick={() => save(onlyEssential)}
        >
          Rechazar Todas
        </button>
        {hydrated && configuring ? (
          <button type="button" className="btn btn-outline-accent btn-sm" onClick={() => save(draft)}>
            Guardar Preferencias
          </button>
        ) : (
          <button type="button" className="btn btn-ghost btn-sm" {...choice} onClick={() => setConfiguring(true)}>
            Configurar
          </button>
        )}
      </div>
    </section>
  );
}
