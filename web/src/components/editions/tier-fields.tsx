import { useId, useState, type FormEvent } from 'react';
import { useEditionsApi } from './editions-api';
import { FieldError, useFormAction } from './form-status';
import { fromLocalInput, toLocalInput } from './local-datetime';
import type { Edition } from '#core/lineup-types';
import { tierKindLabels, tierKinds, type Tier, type TierKind } from '#core/price-tier-schemas';

interface Row {
  key: string;
  id?: number;
  kind: TierKind;
  name: string;
  price: string;
  fees: string;
  fees_included: boolean;
  on_sale_at: string;
  ends_at: string;
  sold_out: boolean;
  url: string;
}

let rowKeys = 0;
const newKey = () => `tier-${++rowKeys}`;

const toRow = (t: Tier, zone: string | null): Row => ({
  key: newKey(),
  id: t.id,
  kind: t.kind,
  name: t.name,
  price: String(t.price),
  fees: t.fees_included || t.fees === null ? '' : String(t.fees),
  fees_included: t.fees_included,
  on_sale_at: toLocalInput(t.on_sale_at, zone),
  ends_at: t.ends_at ?? '',
  sold_out: t.sold_out,
  url: t.url ?? '',
});

const emptyRow = (): Row => ({
  key: newKey(),
  kind: 'abono',
  name: '',
  price: '',
  fees: '',
  fees_included: false,
  on_sale_at: '',
  ends_at: '',
  sold_out: false,
  url: '',
});

const amount = (text: string) => (text.trim() === '' ? null : Number(text.replace(',', '.')));

/**
 * An edition's price tiers, in the seller's order: each with its kind, name, price and fees, when it
 * goes on sale and until when (empty: 'hasta agotar'), sold out, where to buy it; and the page the
 * admin or organiser checked them on. Saved as a whole list: the edition's tickets follow from it.
 */
export function TierFields({
  edition,
  zone,
  onSaved,
}: {
  edition: Edition;
  zone: string | null;
  onSaved: (m: string) => void;
}) {
  const uid = useId();
  const { saveTiers } = useEditionsApi();
  const [rows, setRows] = useState<Row[]>(() => edition.tiers.map((t) => toRow(t, zone)));
  const [source, setSource] = useState({
    source_url: edition.tiers_source?.source_url ?? '',
    verified_at: edition.tiers_source?.verified_at ?? '',
  });
  const { busy, error, run } = useFormAction();
  const change = (key: string, patch: Partial<Row>) =>
    setRows((list) => list.map((r) => (r.key === key ? { ...r, ...patch } : r)));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const saved = await saveTiers(edition.id, {
        tiers: rows.map((r, position) => ({
          id: r.id,
          kind: r.kind,
          name: r.name,
          price: amount(r.price) ?? Number.NaN,
          fees: r.fees_included ? null : amount(r.fees),
          fees_included: r.fees_included,
          currency: 'EUR',
          on_sale_at: fromLocalInput(r.on_sale_at, zone),
          ends_at: r.ends_at || null,
          sold_out: r.sold_out,
          url: r.url || null,
          position,
        })),
        source_url: source.source_url || null,
        verified_at: source.verified_at || null,
      });
      setRows(saved.tiers.map((t) => toRow(t, zone)));
      onSaved(`Tramos de precio ${edition.year} guardados`);
    });
  };

  return (
    <form className="editor-block" onSubmit={submit} aria-labelledby={`${uid}-title`}>
      <h3 id={`${uid}-title`}>Tramos de precio</h3>
      {rows.length === 0 ? <p className="muted">Sin tramos: las entradas se indican a mano más abajo.</p> : null}
      <ol className="tier-rows">
        {rows.map((r, index) => {
          const id = `${uid}-${r.key}`;
          const label = `tramo ${index + 1}`;
          return (
            <li key={r.key} className="tier-row" aria-label={`Tramo ${index + 1}${r.name ? `: ${r.name}` : ''}`}>
              <div className="field">
                <label htmlFor={`${id}-kind`}>Tipo</label>
                <select
                  id={`${id}-kind`}
                  className="input"
                  value={r.kind}
                  onChange={(e) => change(r.key, { kind: e.target.value as TierKind })}
                >
                  {tierKinds.map((k) => (
                    <option key={k} value={k}>
                      {tierKindLabels[k]}
                    </option>
                  ))}
                </select>
              </div>
              <div className="field tier-name">
                <label htmlFor={`${id}-name`}>Nombre del tramo</label>
                <input
                  id={`${id}-name`}
                  className="input"
                  required
                  maxLength={120}
                  placeholder="Abono general – 2.º tramo"
                  value={r.name}
                  onChange={(e) => change(r.key, { name: e.target.value })}
                />
              </div>
              <div className="field">
                <label htmlFor={`${id}-price`}>Precio (€)</label>
                <input
                  id={`${id}-price`}
                  className="input"
                  inputMode="decimal"
                  required
                  value={r.price}
                  onChange={(e) => change(r.key, { price: e.target.value })}
                />
              </div>
              <div className="field">
                <label htmlFor={`${id}-fees`}>Gastos (€)</label>
                <input
                  id={`${id}-fees`}
                  className="input"
                  inputMode="decimal"
                  disabled={r.fees_included}
                  value={r.fees}
                  onChange={(e) => change(r.key, { fees: e.target.value })}
                />
              </div>
              <label className="editor-check">
                <input
                  type="checkbox"
                  checked={r.fees_included}
                  onChange={(e) => change(r.key, { fees_included: e.target.checked })}
                />{' '}
                Gastos incluidos
              </label>
              <div className="field">
                <label htmlFor={`${id}-sale`}>A la venta desde</label>
                <input
                  id={`${id}-sale`}
                  className="input"
                  type="datetime-local"
                  value={r.on_sale_at}
                  onChange={(e) => change(r.key, { on_sale_at: e.target.value })}
                />
              </div>
              <div className="field">
                <label htmlFor={`${id}-ends`}>Hasta (vacío: hasta agotar)</label>
                <input
                  id={`${id}-ends`}
                  className="input"
                  type="date"
                  value={r.ends_at}
                  onChange={(e) => change(r.key, { ends_at: e.target.value })}
                />
              </div>
              <label className="editor-check">
                <input
                  type="checkbox"
                  checked={r.sold_out}
                  onChange={(e) => change(r.key, { sold_out: e.target.checked })}
                />{' '}
                Agotado
              </label>
              <div className="field tier-url">
                <label htmlFor={`${id}-url`}>Dónde comprarlo</label>
                <input
                  id={`${id}-url`}
                  className="input"
                  type="url"
                  placeholder="https://"
                  value={r.url}
                  onChange={(e) => change(r.key, { url: e.target.value })}
                />
              </div>
              <div className="tier-tools">
                <button
                  type="button"
                  className="btn btn-sm btn-ghost"
                  aria-label={`Subir ${label}`}
                  disabled={index === 0}
                  onClick={() =>
                    setRows((list) => {
                      const next = [...list];
                      [next[index - 1], next[index]] = [next[index], next[index - 1]];
                      return next;
                    })
                  }
                >
                  ↑
                </button>
                <button
                  type="button"
                  className="btn btn-sm btn-ghost"
                  aria-label={`Quitar ${label}`}
                  onClick={() => setRows((list) => list.filter((x) => x.key !== r.key))}
                >
                  Quitar
                </button>
              </div>
            </li>
          );
        })}
      </ol>
      <div className="editor-grid">
        <div className="field">
          <label htmlFor={`${uid}-source`}>Fuente (web oficial)</label>
          <input
            id={`${uid}-source`}
            className="input"
            type="url"
            placeholder="https://"
            value={source.source_url}
            onChange={(e) => setSource({ ...source, source_url: e.target.value })}
          />
        </div>
        <div className="field">
          <label htmlFor={`${uid}-verified`}>Verificado el</label>
          <input
            id={`${uid}-verified`}
            className="input"
            type="date"
            value={source.verified_at}
            onChange={(e) => setSource({ ...source, verified_at: e.target.value })}
          />
        </div>
      </div>
      <FieldError error={error} />
      <div className="editor-actions">
        <button type="button" className="btn btn-sm" onClick={() => setRows((list) => [...list, emptyRow()])}>
          + Añadir tramo
        </button>
        <button type="submit" className="btn btn-sm btn-primary" disabled={busy}>
          Guardar tramos
        </button>
      </div>
    </form>
  );
}
