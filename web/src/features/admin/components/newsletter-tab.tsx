import { useState } from 'react';
import { apiRequest } from '../../../lib/api-client';
import { useQuery } from '../../../lib/use-server-data';
import type { RunAction } from '../hooks/use-admin-actions';

interface Counts {
  subscribers: number;
  confirmed: number;
  pending: number;
}

interface Preview {
  subject: string;
  text: string;
  newFestivals: number;
  nextMonth: number;
}

/** Newsletter: how many receive it (only confirmed addresses do), this month's digest as text, and sending it. */
export function NewsletterTab({ run, busy }: { run: RunAction; busy: boolean }) {
  const counts = useQuery<Counts>({
    queryKey: ['admin-newsletter'],
    queryFn: ({ signal }) => apiRequest('/api/admin/newsletter', { signal }),
  });
  const [preview, setPreview] = useState<Preview | null>(null);
  return (
    <section className="admin-newsletter" aria-labelledby="admin-newsletter-title">
      <h2 id="admin-newsletter-title">Newsletter</h2>
      {counts.data && (
        <p className="admin-meta">
          {counts.data.subscribers} suscriptores: {counts.data.confirmed} confirmados y {counts.data.pending} sin
          confirmar. El boletín solo llega a las direcciones confirmadas.
        </p>
      )}
      <div className="admin-actions">
        <button
          type="button"
          className="btn btn-sm btn-ghost"
          disabled={busy}
          onClick={() => void apiRequest<Preview>('/api/admin/newsletter/digest/preview').then(setPreview)}
        >
          Previsualizar el boletín del mes
        </button>
        <button
          type="button"
          className="btn btn-sm"
          disabled={busy}
          onClick={() =>
            void run(
              () => apiRequest('/api/admin/newsletter/digest', { method: 'POST' }).then(() => counts.refetch()),
              {
                confirm: {
                  title: 'Enviar el boletín',
                  message: '¿Enviar el boletín de este mes a todos los suscriptores confirmados?',
                  confirmLabel: 'Enviar',
                },
              },
            )
          }
        >
          Enviar el boletín del mes
        </button>
      </div>
      {preview && (
        <article className="card admin-card" aria-label="Vista previa del boletín">
          <h3>{preview.subject}</h3>
          <pre className="admin-text admin-message">{preview.text}</pre>
        </article>
      )}
    </section>
  );
}
