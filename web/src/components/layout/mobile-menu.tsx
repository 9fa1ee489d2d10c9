import { useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { NavLink } from 'react-router-dom';
import { XIcon } from 'lucide-react';
import { paths } from '../../config/paths';
import { useAuth } from '../../lib/auth';
import { useFocusTrap } from '../../lib/use-focus-trap';
import { useScrollLock } from '../../lib/use-scroll-lock';
import { Avatar } from './avatar';
import { InstallAppItem } from './install-app-item';
import { mainNav } from './nav-items';
import { SignOutItems } from './sign-out-items';
import './mobile-menu.css';

interface Props {
  onClose: () => void;
  /** The compact sign-in control of the auth feature. */
  signIn: ReactNode;
}

/** The slide-in menu at 768 px or less; page scroll is locked while it is open. */
export function MobileMenu({ onClose, signIn }: Props) {
  const { user, isAdmin } = useAuth();
  const ref = useRef<HTMLDivElement>(null);
  useScrollLock(true);
  useFocusTrap(ref, true, onClose);
  // In <body>: the header's backdrop-filter would otherwise be the containing block of this fixed panel.
  return createPortal(
    <>
      <div className="mobile-menu-backdrop" onClick={onClose} aria-hidden="true" />
      <div ref={ref} id="mobile-menu" className="mobile-menu" role="dialog" aria-modal="true" aria-label="Menú">
        <div className="mobile-menu-top">
          <span className="eyebrow">Menú</span>
          <button type="button" className="btn btn-ghost btn-icon" aria-label="Cerrar menú" onClick={onClose}>
            <XIcon className="icon" />
          </button>
        </div>
        <nav aria-label="Navegación móvil">
          {mainNav.map((item) => (
            <NavLink key={item.to} to={item.to} end className="nav-link" onClick={onClose}>
              {item.label}
            </NavLink>
          ))}
          <NavLink to={paths.propose()} className="nav-link" onClick={onClose}>
            Proponer Festival
          </NavLink>
          {user ? (
            <NavLink to={paths.organizer()} className="nav-link" onClick={onClose}>
              Organizo un festival
            </NavLink>
          ) : null}
          {user ? (
            <NavLink to={paths.account()} className="nav-link" onClick={onClose}>
              Mi cuenta
            </NavLink>
          ) : null}
          {isAdmin ? (
            <NavLink to={paths.admin()} className="nav-link" onClick={onClose}>
              Panel Admin
            </NavLink>
          ) : null}
          <InstallAppItem className="nav-link" onDone={onClose} />
        </nav>
        <div className="mobile-menu-user">
          {user ? (
            <>
              <div className="user-line">
                <Avatar name={user.name} url={user.avatar_url} large />
                <span>{user.name}</span>
              </div>
              <SignOutItems classNames={['btn', 'btn btn-ghost']} onDone={onClose} />
            </>
          ) : (
            signIn
          )}
        </div>
      </div>
    </>,
    document.body,
  );
}
