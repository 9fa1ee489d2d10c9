import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { BellIcon } from 'lucide-react';
import { Link } from 'react-router-dom';
import { notificationTypeLabels } from '#core/types';
import { useAuth } from '../../../lib/auth';
import { useDismiss } from '../../../lib/use-dismiss';
import { queryClient, useQuery } from '../../../lib/use-server-data';
import type { Notification } from '#core/response-schemas';
import { getNotifications, markNotificationRead } from '../api/notifications';
import './notifications.css';

const REFRESH_MS = 60_000;

/** The bell with the unread count and its 280 px panel. */
export function NotificationBell() {
  const { user } = useAuth();
  const queryKey = ['notifications', user?.id];
  const list = useQuery({ queryKey, queryFn: getNotifications, enabled: Boolean(user) });
  const items = list.data ?? [];
  const reload = list.refetch;
  const setItems = (update: (old: Notification[] | undefined) => Notification[] | undefined) =>
    queryClient.setQueryData(queryKey, update);
  const [open, setOpen] = useState(false);
  const wrap = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const close = useCallback(() => setOpen(false), []);

  useEffect(() => {
    if (list.error) console.warn('No se pudieron cargar las notificaciones', list.error);
  }, [list.error]);

  useEffect(() => {
    if (!user) return;
    const timer = window.setInterval(reload, REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [user, reload]);

  useDismiss(open, close, wrap, button);

  const markRead = async (id: number) => {
    setItems((list) => list?.map((n) => (n.id === id ? { ...n, read: true } : n)));
    try {
      await markNotificationRead(id);
    } catch (error) {
      console.warn(error);
      setItems((list) => list?.map((n) => (n.id === id ? { ...n, read: false } : n)));
    }
  };

  if (!user) return null;
  const unread = items.filter((n) => !n.read).length;

  return (
    <div className="bell" ref={wrap}>
      <button
        ref={button}
        type="button"
        className="btn btn-ghost btn-icon"
        aria-label={unread ? `Notificaciones (${unread} sin leer)` : 'Notificaciones'}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((v) => !v)}
      >
        <BellIcon className="icon" />
        {unread > 0 ? (
          <span className="bell-count" aria-hidden="true">
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </button>
      <div id={panelId} className="notification-panel" hidden={!open} role="region" aria-label="Notificaciones">
        <h2>Notificaciones</h2>
        {items.length === 0 ? (
          <p className="notification-empty">No tienes notificaciones.</p>
        ) : (
          <ul className="notification-list">
            {items.map((n) => (
              <li key={n.id} className={n.read ? 'notification-item' : 'notification-item is-unread'}>
                <div className="row">
                  <span className={n.type === 'media' ? 'badge' : 'badge badge-info'}>
                    {notificationTypeLabels[n.type]}
                  </span>
                  {n.read ? null : (
                    <button type="button" className="btn btn-sm btn-ghost" onClick={() => void markRead(n.id)}>
                      Leída
                    </button>
                  )}
                </div>
                {n.url ? (
                  <Link to={n.url} onClick={close}>
                    {n.message}
                  </Link>
                ) : (
                  <span>{n.message}</span>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
