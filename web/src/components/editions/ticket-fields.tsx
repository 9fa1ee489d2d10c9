import { useId, useState, type FormEvent } from 'react';
import { useEditionsApi } from './editions-api';
import { FieldError, useFormAction } from './form-status';
import { fromLocalInput, toLocalInput } from './local-datetime';
import type { Edition } from '#core/lineup-types';

/** What an edition's tickets cost and where they sell. */
/** `zone`: the festival's clock, on which the on-sale time is typed (null: the admin's own). */
export function TicketFields({
  edition,
  zone,
  onSaved,
}: {
  edition: Edition;
  zone: string | null;
  onSaved: (m: string) => void;
}) {
  const uid = useId();
  const { saveTickets } = useEditionsApi();
  const t = edition.tickets;
  const [values, setValues] = useState({
    price_from: t?.price_from?.toString() ?? '',
    price_to: t?.price_to?.toString() ?? '',
    ticket_url: t?.ticket_url ?? '',
    on_sale_at: toLocalInput(t?.on_sale_at ?? null, zone),
    sold_out: t?.sold_out ?? false,
  });
  const { busy, error, run } = useFormAction();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      await saveTickets(edition.id, {
        price_from: values.price_from === '' ? null : Number(values.price_from.replace(',', '.')),
        price_to: values.price_to === '' ? null : Number(values.price_to.replace(',', '.')),
        currency: 'EUR',
        ticket_url: values.ticket_url || null,
        on_sale_at: fromLocalInput(values.on_sale_at, zone),
        sold_out: values.sold_out,
      });
      onSaved(`Entradas ${edition.year} guardadas`);
    });
  };
  return (
    <form className="editor-block" onSubmit={submit} aria-labelledby={`${uid}-title`}>
      <h3 id={`${uid}-title`}>Entradas</h3>
      <div className="editor-grid">
        <div className="field">
          <label htmlFor={`${uid}-from`}>Precio desde (€)</label>
          <input
            id={`${uid}-from`}
            className="input"
            inputMode="decimal"
            value={values.price_from}
            onChange={(e) => setValues({ ...values, price_from: e.target.value })}
          />
        </div>
        <div className="field">
          <label htmlFor={`${uid}-to`}>Precio hasta (€)</label>
          <input
            id={`${uid}-to`}
            className="input"
            inputMode="decimal"
            value={values.price_to}
            onChange={(e) => setValues({ ...values, price_to: e.target.value })}
          />
        </div>
        <div className="field editor-wide">
          <label htmlFor={`${uid}-url`}>Web oficial de venta</label>
          <input
            id={`${uid}-url`}
            className="input"
            type="url"
            placeholder="https://"
            value={values.ticket_url}
            onChange={(e) => setValues({ ...values, ticket_url: e.target.value })}
          />
        </div>
        <div className="field">
          <label htmlFor={`${uid}-sale`}>A la venta desde</label>
          <input
            id={`${uid}-sale`}
            className="input"
            type="datetime-local"
            value={values.on_sale_at}
            onChange={(e) => setValues({ ...values, on_sale_at: e.target.value })}
          />
        </div>
        <label className="editor-check">
          <input
            type="checkbox"
            checked={values.sold_out}
            onChange={(e) => setValues({ ...values, sold_out: e.target.checked })}
          />{' '}
          Agotadas
        </label>
      </div>
      <FieldError error={error} />
      <div className="editor-actions">
        <button type="submit" className="btn btn-sm btn-primary" disabled={busy}>
          Guardar entradas
        </button>
      </div>
    </form>
  );
}
