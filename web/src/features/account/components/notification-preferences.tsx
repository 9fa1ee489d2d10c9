import { useEffect, useState } from 'react';
import { BellIcon } from 'lucide-react';
import type { Preferences } from '#core/alert-schemas';
import {
  alertKindLabels,
  alertKinds,
  digestModeLabels,
  digestModes,
  PRICE_ALERT_DAYS_MAX,
  PRICE_ALERT_DAYS_MIN,
  type AlertKind,
  type DigestMode,
} from '#core/types';
import { useToast } from '../../../components/toast/toast-provider';
import { getPreferences, savePreferences } from '../api/account';
import { message } from '../error-message';

const channelLabels = { inApp: 'En la app', email: 'Correo', push: 'Push' } as const;
const priceDays = Array.from(
  { length: PRICE_ALERT_DAYS_MAX - PRICE_ALERT_DAYS_MIN + 1 },
  (_, i) => PRICE_ALERT_DAYS_MIN + i,
);

/** 'Avisos': per kind of alert its channels, how many days before a tier ends 'Sube de precio' comes, and the digest mode. */
export function NotificationPreferences() {
  const toast = useToast();
  const [prefs, setPrefs] = useState<Preferences | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    getPreferences().then(setPrefs, (e: unknown) =>
      toast(message(e, 'No se pudieron cargar tus preferencias.'), 'error'),
    );
  }, [toast]);
  const setChannel = (kind: AlertKind, channel: keyof typeof channelLabels, on: boolean) =>
    setPrefs((p) => (p ? { ...p, channels: { ...p.channels, [kind]: { ...p.channels[kind], [channel]: on } } } : p));
  const save = async () => {
    if (!prefs) return;
    setSaving(true);
    try {
      setPrefs(await savePreferences(prefs));
      toast('Preferencias guardadas');
    } catch (e) {
      toast(message(e, 'No se pudieron guardar tus preferencias.'), 'error');
    } finally {
      setSaving(false);
    }
  };
  return (
    <section className="card account-section" id="avisos" aria-labelledby="avisos-titulo">
      <h2 id="avisos-titulo">
        <BellIcon className="icon" aria-hidden="true" /> Avisos
      </h2>
      <p className="field-hint">Elige por dónde quieres enterarte de cada cosa.</p>
      {!prefs ? (
        <p>Cargando…</p>
      ) : (
        <>
          {alertKinds.map((kind) => (
            <fieldset key={kind} className="account-kind">
              <legend>{alertKindLabels[kind]}</legend>
              {(Object.keys(channelLabels) as Array<keyof typeof channelLabels>).map((channel) => (
                <label key={channel} className="account-check">
                  <input
                    type="checkbox"
                    checked={prefs.channels[kind][channel]}
                    onChange={(e) => setChannel(kind, channel, e.target.checked)}
                  />
                  {channelLabels[channel]}
                </label>
              ))}
              {kind === 'prices' ? (
                <label className="account-days">
                  Avisarme{' '}
                  <select
                    value={prefs.price_alert_days}
                    onChange={(e) => setPrefs({ ...prefs, price_alert_days: Number(e.target.value) })}
                  >
                    {priceDays.map((days) => (
                      <option key={days} value={days}>
                        {days}
                      </option>
                    ))}
                  </select>{' '}
                  {prefs.price_alert_days === 1 ? 'día' : 'días'} antes de que acabe el tramo
                </label>
              ) : null}
            </fieldset>
          ))}
          <fieldset className="account-kind">
            <legend>Correos</legend>
            {digestModes.map((mode: DigestMode) => (
              <label key={mode} className="account-check">
                <input
                  type="radio"
                  name="digest"
                  value={mode}
                  checked={prefs.digest === mode}
                  onChange={() => setPrefs({ ...prefs, digest: mode })}
                />
                {digestModeLabels[mode]}
              </label>
            ))}
            <p className="field-hint">
              Diario o semanal: un solo correo con todo lo que haya pasado, en lugar de uno por aviso.
            </p>
          </fieldset>
          <button
            type="button"
            className="btn btn-primary"
            disabled={saving}
            aria-busy={saving}
            onClick={() => void save()}
          >
            Guardar preferencias
          </button>
        </>
      )}
    </section>
  );
}
