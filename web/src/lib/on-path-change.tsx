import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { useLatest } from './use-latest';

/**
 * Runs `onChange` after the address's path changes (another screen), not its query. A component of
 * its own rather than a hook: whatever reads the location is drawn again on every change of it, and
 * the home writes its search to the query at each pause in typing; the header and the layout that
 * hold this are not drawn again for that.
 */
export function OnPathChange({ onChange }: { onChange: () => void }) {
  const { pathname } = useLocation();
  const latest = useLatest(onChange);
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    latest.current();
  }, [latest, pathname]);
  return null;
}
