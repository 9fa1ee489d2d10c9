import { useEffect, useState } from 'react';
import { RefreshCwIcon, WifiOffIcon } from 'lucide-react';
import { useOnline } from '../../../lib/use-online';
import { registerServiceWorker } from '../service-worker';
import './pwa-status.css';

/**
 * The installable app's messages, under the header: 'Sin conexión: mostrando datos guardados'
 * while offline, and 'Nueva versión disponible' with 'Actualizar' when a new build is ready.
 */
export function PwaStatus() {
  const online = useOnline();
  const [applyUpdate, setApplyUpdate] = useState<(() => void) | null>(null);
  const [updating, setUpdating] = useState(false);

  useEffect(() => registerServiceWorker((apply) => setApplyUpdate(() => apply)), []);

  return (
    <div className="pwa-status">
      <div role="status" aria-live="polite">
        {online ? null : (
          <p className="pwa-banner pwa-offline">
            <WifiOffIcon className="icon" aria-hidden="true" /> Sin conexión: mostrando datos guardados
          </p>
        )}
      </div>
      {applyUpdate ? (
        <div className="pwa-banner pwa-update" role="alert">
          <span>Nueva versión disponible</span>
          <button
            type="button"
            className="btn btn-primary btn-sm"
            disabled={updating}
            aria-busy={updating}
            onClick={() => {
              setUpdating(true);
              applyUpdate();
            }}
          >
            <RefreshCwIcon className="icon" aria-hidden="true" /> Actualizar
          </button>
        </div>
      ) : null}
    </div>
  );
}
