import { useId, useState, type FormEvent } from 'react';
import { FlagIcon } from 'lucide-react';
import { reportSchema } from '#core/community-schemas';
import { reportReasons, type ReportReason } from '#core/types';
import { Modal } from '../../../components/ui/modal';
import { reportMedia } from '../api/gallery';

type Phase = 'closed' | 'open' | 'sending' | 'reported';

/** 'Denunciar' and its states: closed, modal open, sending, reported ('¡Reportado!'); a failure returns to the modal. */
export function ReportButton({ mediaId, className = 'btn btn-sm btn-ghost' }: { mediaId: number; className?: string }) {
  const [phase, setPhase] = useState<Phase>('closed');
  const [reason, setReason] = useState<ReportReason>(reportReasons[0]);
  const [details, setDetails] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = reportSchema.safeParse({ reason, details });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Error al reportar');
      return;
    }
    setPhase('sending');
    setError(null);
    try {
      await reportMedia(mediaId, { reason: parsed.data.reason, details: parsed.data.details });
      setPhase('reported');
    } catch (err) {
      console.warn('No se pudo enviar el reporte', err);
      setError('Error al reportar');
      setPhase('open');
    }
  };

  if (phase === 'reported') {
    return (
      <button type="button" className={`${className} is-reported`} disabled>
        <FlagIcon className="icon" /> ¡Reportado!
      </button>
    );
  }

  return (
    <>
      <button type="button" className={className} onClick={() => setPhase('open')}>
        <FlagIcon className="icon" /> Denunciar
      </button>
      {phase === 'open' || phase === 'sending' ? (
        <Modal title="Denunciar contenido" onClose={() => phase !== 'sending' && setPhase('closed')}>
          <form className="stack" onSubmit={submit}>
            <p className="muted">Cuéntanos qué problema tiene esta foto o vídeo. Un administrador lo revisará.</p>
            <div className="field">
              <label htmlFor={`${id}-reason`}>Motivo</label>
              <select
                id={`${id}-reason`}
                className="select"
                value={reason}
                onChange={(e) => setReason(e.target.value as ReportReason)}
              >
                {reportReasons.map((r) => (
                  <option key={r} value={r}>
                    {r}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor={`${id}-details`}>Detalles (opcional)</label>
              <textarea
                id={`${id}-details`}
                className="textarea"
                maxLength={1000}
                value={details}
                onChange={(e) => setDetails(e.target.value)}
              />
            </div>
            {error ? (
              <p className="field-error" role="alert">
                {error}
              </p>
            ) : null}
            <div className="modal-actions">
              <button type="button" className="btn" onClick={() => setPhase('closed')} disabled={phase === 'sending'}>
                Cancelar
              </button>
              <button type="submit" className="btn btn-danger" disabled={phase === 'sending'}>
                {phase === 'sending' ? 'Enviando...' : 'Enviar reporte'}
              </button>
            </div>
          </form>
        </Modal>
      ) : null}
    </>
  );
}
