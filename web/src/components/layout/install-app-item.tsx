import { DownloadIcon } from 'lucide-react';
import { installApp, useCanInstall } from '../../lib/install-prompt';

/** 'Instalar app' in the menus, only where the browser offers installation. */
export function InstallAppItem({ className, onDone }: { className: string; onDone?: () => void }) {
  const canInstall = useCanInstall();
  if (!canInstall) return null;
  return (
    <button
      type="button"
      className={className}
      onClick={() => {
        onDone?.();
        void installApp();
      }}
    >
      <DownloadIcon className="icon" /> Instalar app
    </button>
  );
}
