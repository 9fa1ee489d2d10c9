import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { NavLink } from 'react-router-dom';
import { OnPathChange } from '../../lib/on-path-change';
import { MenuIcon } from 'lucide-react';
import { useAuth } from '../../lib/auth';
import { useHydrated } from '../../lib/use-hydrated';
import { Brand } from './brand';
import { mainNav } from './nav-items';
import './header.css';

// Only needed once signed in or once the menu opens: kept out of the first load.
const UserMenu = lazy(() => import('./user-menu').then((m) => ({ default: m.UserMenu })));
const MobileMenu = lazy(() => import('./mobile-menu').then((m) => ({ default: m.MobileMenu })));

interface Props {
  /** The notification bell (notifications feature), shown when signed in. */
  notifications: ReactNode;
  /** The sign-in control (auth feature), normal or compact. */
  renderSignIn: (compact: boolean) => ReactNode;
}

/** Fixed 60 px header with the logo, tagline, navigation and user section. */
export function Header({ notifications, renderSignIn }: Props) {
  const { user, checking } = useAuth();
  // The build renders this header for every address, signed out (src/boot/static-markup.tsx): the
  // current screen's link and the session's controls are drawn once the app has taken it over.
  const hydrated = useHydrated();
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  // Signing in or out closes the menu; the stored session's check ending does not (the person is the
  // same), so a menu opened while the page starts stays open.
  const userId = user?.id;
  const settledUserId = useRef<{ id: number | undefined } | null>(null);
  useEffect(() => {
    if (checking) return;
    if (settledUserId.current && settledUserId.current.id !== userId) setMenuOpen(false);
    settledUserId.current = { id: userId };
  }, [userId, checking]);

  return (
    <header className="site-header">
      <OnPathChange onChange={closeMenu} />
      <div className="container site-header-inner">
        <Brand />
        <nav className="main-nav" aria-label="Principal">
          {mainNav.map((item) => (
            <NavLink
              key={item.to}
              to={item.to}
              end
              className={({ isActive }) => (hydrated && isActive ? 'nav-link active' : 'nav-link')}
              aria-current={hydrated ? 'page' : false}
            >
              {item.label}
            </NavLink>
          ))}
        </nav>
        <div className="header-tools">
          {hydrated && user ? notifications : null}
          <div className="header-account">
            {!hydrated ? (
              <span className="header-account-placeholder" />
            ) : user ? (
              <Suspense fallback={<span className="header-account-placeholder" />}>
                <UserMenu />
              </Suspense>
            ) : checking ? (
              <span className="header-account-placeholder" />
            ) : (
              renderSignIn(false)
            )}
          </div>
          <button
            type="button"
            className="btn btn-ghost btn-icon hamburger"
            aria-label="Abrir menú"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            onClick={() => setMenuOpen(true)}
          >
            <MenuIcon className="icon" />
          </button>
        </div>
      </div>
      {menuOpen ? (
        <Suspense fallback={null}>
          <MobileMenu onClose={closeMenu} signIn={renderSignIn(true)} />
        </Suspense>
      ) : null}
    </header>
  );
}
