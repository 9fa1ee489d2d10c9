import { useState } from 'react';
import { LogOutIcon } from 'lucide-react';
import { useAuth } from '../../lib/auth';

interface Props {
  /** Class of 'Cerrar sesión' and of 'Cerrar sesión en todos los dispositivos'. */
  classNames: [string, string];
  /** Called once signed out (the mobile menu closes itself). */
  onDone?: () => void;
}

/** 'Cerrar sesión', and 'Cerrar sesión en todos los dispositivos', which ends every session on the server too. */
export function SignOutItems({ classNames: [one, all], onDone }: Props) {
  const { signOut, signOutEverywhere } = useAuth();
  const [endingAll, setEndingAll] = useState(false);
  return (
    <>
      <button
        type="button"
        className={one}
        onClick={() => {
          onDone?.();
          signOut();
        }}
      >
        <LogOutIcon className="icon" /> Cerrar sesión
      </button>
      <button
        type="button"
        className={all}
        disabled={endingAll}
        aria-busy={endingAll}
        onClick={async () => {
          setEndingAll(true);
          if (await signOutEverywhere()) onDone?.();
          else setEndingAll(false);
        }}
      >
        <LogOutIcon className="icon" /> Cerrar sesión en todos los dispositivos
      </button>
    </>
  );
}
