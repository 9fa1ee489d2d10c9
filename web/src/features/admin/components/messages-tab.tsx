import { contactCategories, type ContactCategory } from '#core/types';
import { markMessageRead } from '../api/admin-api';
import type { RunAction } from '../hooks/use-admin-actions';
import { formatDateTime } from '../format';
import type { ContactMessage } from '#core/response-schemas';

/** Mensajes: what visitors sent with the contact form (stored by POST /api/contact rather than simulated, so admins can answer them). */
export function MessagesTab({ messages, run, busy }: { messages: ContactMessage[]; run: RunAction; busy: boolean }) {
  if (messages.length === 0) return <p className="admin-empty">No hay mensajes de contacto.</p>;
  return (
    <ul className="admin-cards">
      {messages.map((m) => (
        <li key={m.id} className={`card admin-card${m.read ? ' is-read' : ''}`}>
          <div className="admin-card-head">
            <h3>{m.subject}</h3>
            {m.read ? <span className="badge">Leído</span> : <span className="badge badge-accent">Nuevo</span>}
          </div>
          <p className="admin-meta">
            {m.name} · <a href={`mailto:${m.email}?subject=${encodeURIComponent(`Re: ${m.subject}`)}`}>{m.email}</a>
            {m.category && ` · ${contactCategories[m.category as ContactCategory] ?? m.category}`} ·{' '}
            {formatDateTime(m.created_at)}
          </p>
          <p className="admin-text admin-message">{m.message}</p>
          <div className="admin-actions">
            <a className="btn btn-sm" href={`mailto:${m.email}?subject=${encodeURIComponent(`Re: ${m.subject}`)}`}>
              Responder<span className="visually-hidden"> a {m.name}</span>
            </a>
            {!m.read && (
              <button
                type="button"
                className="btn btn-sm btn-ghost"
                disabled={busy}
                onClick={() => void run(() => markMessageRead(m.id))}
              >
                Marcar como leído<span className="visually-hidden"> el mensaje de {m.name}</span>
              </button>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}
