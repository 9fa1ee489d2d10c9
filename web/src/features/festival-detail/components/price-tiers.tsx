import { useId, useState } from 'react';
import { formatDate } from '#core/dates';
import type { FactSource, PriceHistoryItem, Tier } from '#core/price-tier-schemas';
import { FactSourceLine } from './fact-source';
import { tierKindLabels } from '#core/price-tier-schemas';
import { feesText, formatDayMonth, formatPrice, isOnSale, nextTierText, tierOutlook } from '#core/price-tiers';
import { useQuery } from '../../../lib/use-server-data';
import { getPriceHistory } from '../api/festival';
import './price-tiers.css';

/** Inside the tickets card: the tier on sale now with its fees, and the next one. */
export function CurrentTier({ tiers, past }: { tiers: Tier[]; past: boolean }) {
  // The time the block was first drawn: which tier is on sale is said as of then.
  const [now] = useState(() => new Date());
  if (tiers.length === 0 || past) return null;
  const outlook = tierOutlook(tiers, now);
  const next = nextTierText(outlook, now);
  const current = outlook.current;
  return (
    <div className="current-tier">
      {current ? (
        <p>
          <span className="current-tier-label">Tramo actual:</span> {current.name} ·{' '}
          <strong>{formatPrice(current.price, current.currency)}</strong>
          {feesText(current) ? <span className="muted"> ({feesText(current)})</span> : null}
          <br />
          <span className="muted">
            {current.ends_at ? `Hasta el ${formatDayMonth(current.ends_at, now)}` : 'Hasta agotar existencias'}
          </span>
        </p>
      ) : outlook.soldOut ? (
        <p className="tickets-sold-out">Todos los tramos agotados</p>
      ) : null}
      {next ? <p className="next-tier">{next}</p> : null}
    </div>
  );
}

const WIDTH = 320;
const HEIGHT = 140;
const PAD = { left: 44, right: 10, top: 10, bottom: 24 };
/** Lines drawn at most (one colour each, price-tiers.css). */
const LINES = 6;

/**
 * The price each tier has had, as steps over time: an SVG drawn by hand (no chart library), named
 * for screen readers by its summary, with the same figures in a table under it.
 */
function PriceChart({ tiers, history, now }: { tiers: Tier[]; history: PriceHistoryItem[]; now: Date }) {
  const uid = useId();
  const byTier = new Map<number, PriceHistoryItem[]>();
  for (const item of history) byTier.set(item.tier_id, [...(byTier.get(item.tier_id) ?? []), item]);
  const names = new Map(tiers.map((t) => [t.id, t.name]));
  const shown = [...byTier.keys()].filter((id) => names.has(id)).slice(0, LINES);
  const points = shown.flatMap((id) => byTier.get(id)!);
  if (points.length === 0) return null;
  const times = points.map((p) => Date.parse(p.changed_at));
  const end = Math.max(now.getTime(), ...times);
  const start = Math.min(...times);
  const prices = points.map((p) => p.price);
  const low = Math.min(...prices);
  const high = Math.max(...prices);
  const x = (t: number) => PAD.left + ((t - start) / Math.max(end - start, 1)) * (WIDTH - PAD.left - PAD.right);
  const y = (p: number) =>
    high === low
      ? (HEIGHT - PAD.bottom + PAD.top) / 2
      : PAD.top + (1 - (p - low) / (high - low)) * (HEIGHT - PAD.top - PAD.bottom);
  const steps = (items: PriceHistoryItem[]) => {
    let d = '';
    items.forEach((item, i) => {
      const at = x(Date.parse(item.changed_at));
      d += i === 0 ? `M${at.toFixed(1)},${y(item.price).toFixed(1)}` : `H${at.toFixed(1)}V${y(item.price).toFixed(1)}`;
    });
    return `${d}H${x(end).toFixed(1)}`;
  };
  const summary = shown
    .map((id) => {
      const items = byTier.get(id)!;
      const first = items[0].price;
      const last = items[items.length - 1];
      return `${names.get(id)}: ${formatPrice(first)}${last.price !== first ? ` → ${formatPrice(last.price)}` : ''}${
        last.sold_out ? ', agotado' : ''
      }`;
    })
    .join('; ');
  return (
    <figure className="price-chart">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby={`${uid}-title`}
        aria-describedby={`${uid}-desc`}
      >
        <title id={`${uid}-title`}>Evolución de los precios por tramo</title>
        <desc id={`${uid}-desc`}>{summary}</desc>
        <line x1={PAD.left} x2={WIDTH - PAD.right} y1={HEIGHT - PAD.bottom} y2={HEIGHT - PAD.bottom} className="axis" />
        <text x={PAD.left - 6} y={y(high) + 4} textAnchor="end" className="axis-label">
          {formatPrice(high)}
        </text>
        {high !== low ? (
          <text x={PAD.left - 6} y={y(low) + 4} textAnchor="end" className="axis-label">
            {formatPrice(low)}
          </text>
        ) : null}
        <text x={PAD.left} y={HEIGHT - 6} className="axis-label">
          {formatDayMonth(new Date(start).toISOString().slice(0, 10))}
        </text>
        <text x={WIDTH - PAD.right} y={HEIGHT - 6} textAnchor="end" className="axis-label">
          hoy
        </text>
        {shown.map((id, i) => (
          <path key={id} d={steps(byTier.get(id)!)} className={`price-line price-colour-${i}`} />
        ))}
      </svg>
      <figcaption>
        <ul className="price-legend">
          {shown.map((id, i) => (
            <li key={id}>
              <span className={`price-swatch price-colour-${i}`} aria-hidden="true" />
              {names.get(id)}
            </li>
          ))}
        </ul>
      </figcaption>
      <details className="price-table">
        <summary>Ver el historial como tabla</summary>
        <table>
          <caption className="visually-hidden">Historial de precios por tramo</caption>
          <thead>
            <tr>
              <th scope="col">Fecha</th>
              <th scope="col">Tramo</th>
              <th scope="col">Precio</th>
              <th scope="col">Estado</th>
            </tr>
          </thead>
          <tbody>
            {history
              .filter((item) => names.has(item.tier_id))
              .map((item, i) => (
                <tr key={i}>
                  <td>
                    <time dateTime={item.changed_at}>{formatDate(item.changed_at)}</time>
                  </td>
                  <td>{names.get(item.tier_id)}</td>
                  <td>{formatPrice(item.price)}</td>
                  <td>{item.sold_out ? 'Agotado' : 'A la venta'}</td>
                </tr>
              ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}

/**
 * 'Tramos de precio': every tier of the edition in the seller's order (on sale now, coming, sold
 * out), where the facts come from, and the history of their prices (read when the section is shown).
 */
export function PriceTiers({
  editionId,
  tiers,
  source,
}: {
  editionId: number;
  tiers: Tier[];
  source: FactSource | null | undefined;
}) {
  const [now] = useState(() => new Date());
  const history = useQuery({
    queryKey: ['price-history', editionId],
    queryFn: ({ signal }) => getPriceHistory(editionId, signal),
    enabled: tiers.length > 0,
  });
  if (tiers.length === 0) return null;
  const ordered = [...tiers].sort((a, b) => a.position - b.position || a.id - b.id);
  return (
    <div className="card price-tiers">
      <h4>Tramos de precio</h4>
      <ul className="tier-list">
        {ordered.map((tier) => {
          const state = tier.sold_out
            ? 'Agotado'
            : isOnSale(tier, now)
              ? 'A la venta'
              : tier.on_sale_at && new Date(tier.on_sale_at) > now
                ? `Desde el ${formatDayMonth(tier.on_sale_at.slice(0, 10), now)}`
                : 'Terminado';
          const fees = feesText(tier);
          return (
            <li key={tier.id} className={tier.sold_out ? 'tier tier-sold-out' : 'tier'}>
              <span className="tier-kind">{tierKindLabels[tier.kind]}</span>
              <span className="tier-name">{tier.name}</span>
              <span className="tier-price">
                {formatPrice(tier.price, tier.currency)}
                {fees ? <span className="muted"> · {fees}</span> : null}
              </span>
              <span className="tier-state">{state}</span>
            </li>
          );
        })}
      </ul>
      <FactSourceLine source={source} />
      {history.data && history.data.length > 0 ? <PriceChart tiers={tiers} history={history.data} now={now} /> : null}
    </div>
  );
}
