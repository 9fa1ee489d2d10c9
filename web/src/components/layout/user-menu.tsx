import { useCallback, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { BriefcaseIcon, HeartIcon, HouseIcon, PlusIcon, ShieldIcon, UserIcon } from 'lucide-react';
import { paths } from '../../config/paths';
import { useAuth } from '../../lib/auth';
import { useDismiss } from '../../lib/use-dismiss';
import { Avatar } from './avatar';
import { InstallAppItem } from './install-app-item';
import { SignOutItems } from './sign-out-items';
import './user-menu.css';

/**
 * The user menu: avatar, name, 'Mi cuenta', 'Mis favoritos', 'Proponer festival', 'Panel Admin'/'Volver', 'Cerrar sesión',
 * plus 'Cerrar sesión en todos los dispositivos' (sessions end on the server too).
 */
export function UserMenu() {
  const { user, isAdmin } = useAuth();
  const { pathname } = useLocation();
  // Open on the screen it was opened on: another screen closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const wrap = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const close = useCallback(() => setOpenOn(null), []);
  useDismiss(open, close, wrap, trigger);

  if (!user) return null;
  const onAdmin = pathname.startsWith(paths.admin());
  return (
    <div className="user-menu" ref={wrap}>
      <button
        ref={trigger}
        type="button"
        className="user-menu-trigger"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={`Menú de ${user.name}`}
        onClick={() => setOpenOn(open ? null : pathname)}
      >
        <Avatar name={user.name} url={user.avatar_url} />
        <span className="user-menu-name">{user.name}</span>
      </button>
      <div id={menuId} className="dropdown" hidden={!open}>
        <div className="dropdown-head">
          <Avatar name={user.name} url={user.avatar_url} large />
          <div>
            <strong>{user.name}</strong>
            <span>{user.email}</span>
          </div>
        </div>
        <div className="dropdown-sep" />
        <Link className="dropdown-item" to={paths.account()}>
          <UserIcon className="icon" /> Mi cuenta
        </Link>
        <Link className="dropdown-item" to={paths.favorites()}>
          <HeartIcon className="icon" /> Mis favoritos
        </Link>
        <Link className="dropdown-item" to={paths.propose()}>
          <PlusIcon className="icon" /> Proponer festival
        </Link>
        <Link className="dropdown-item" to={paths.organizer()}>
          <BriefcaseIcon className="icon" /> Organizo un festival
        </Link>
        {isAdmin ? (
          onAdmin ? (
            <Link className="dropdown-item" to={paths.home()}>
              <HouseIcon className="icon" /> Volver
            </Link>
          ) : (
            <Link className="dropdown-item" to={paths.admin()}>
              <ShieldIcon className="icon" /> Panel Admin
            </Link>
          )
        ) : null}
        <InstallAppItem className="dropdown-item" onDone={close} />
        <div className="dropdown-sep" />
        <SignOutItems classNames={['dropdown-item', 'dropdown-item']} />
      </div>
    </div>
  );
}
