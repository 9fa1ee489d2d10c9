import { useCallback, useEffect, useMemo, useState } from 'react';
import { getFestivalEditions } from './editions-api';
import { EditionFields, NewEdition } from './edition-dates-form';
import { errorMessage, SavedNotice } from './form-status';
import { LineupFields } from './lineup-fields';
import { TicketFields } from './ticket-fields';
import { TierFields } from './tier-fields';
import { TripFactFields } from './trip-fact-fields';
import { entryTierKinds } from '#core/price-tier-schemas';
import { formatPrice } from '#core/price-tiers';
import type { Edition } from '#core/lineup-types';
import type { Festival } from '#core/response-schemas';
import { festivalTimeZone } from '#core/time-zone';
import './editions-editor.css';

/**
 * A festival's editions: dates and status, lineup (add, paste, reorder, remove), price tiers and tickets of each
 * year, written through the routes of the EditionsApiContext around it (the admin's or the
 * organiser's). The admin panel shows it in a dialog, the organiser's desk on the page.
 */
export function EditionsPanel({
  festival,
  onChanged,
}: {
  festival: Pick<Festival, 'id' | 'name' | 'latitude' | 'longitude'>;
  onChanged: () => void;
}) {
  const [editions, setEditions] = useState<Edition[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [year, setYear] = useState<number | 'new' | null>(null);
  const [saved, setSaved] = useState<string | null>(null);

  const load = useCallback(
    (select?: number) =>
      getFestivalEditions(festival.id)
        .then((list) => {
          setEditions(list);
          setYear(
            (current) =>
              select ??
              (current !== null && current !== 'new' && list.some((e) => e.year === current)
                ? current
                : (list[0]?.year ?? 'new')),
          );
        })
        .catch((e) => setLoadError(errorMessage(e))),
    [festival.id],
  );
  useEffect(() => {
    void load();
  }, [load]);

  const edition = useMemo(() => editions?.find((e) => e.year === year) ?? null, [editions, year]);
  // Set and on-sale times are typed on the festival's clock, as its poster prints them.
  const zone = useMemo(() => festivalTimeZone(festival), [festival]);
  const onSaved = (text: string) => {
    setSaved(text);
    onChanged();
    void load();
  };

  if (loadError)
    return (
      <p className="field-error" role="alert">
        {loadError}
      </p>
    );
  if (!editions) return <p role="status">Cargando ediciones...</p>;
  return (
    <div className="editions-editor">
      <div className="editor-years" role="group" aria-label="Ediciones">
        {editions.map((e) => (
          <button
            key={e.id}
            type="button"
            className="btn btn-sm"
            aria-pressed={year === e.year}
            onClick={() => setYear(e.year)}
          >
            {e.year}
          </button>
        ))}
        <button
          type="button"
          className="btn btn-sm btn-ghost"
          aria-pressed={year === 'new'}
          onClick={() => setYear('new')}
        >
          + Nueva edición
        </button>
      </div>
      <SavedNotice saved={saved} />
      {year === 'new' ? (
        <NewEdition
          festivalId={festival.id}
          onCreated={(created) => {
            setSaved(`Edición ${created} creada`);
            onChanged();
            void load(created);
          }}
        />
      ) : edition ? (
        <div key={edition.id}>
          <EditionFields
            edition={edition}
            onSaved={onSaved}
            onDeleted={() => {
              setSaved(`Edición ${edition.year} eliminada`);
              onChanged();
              setYear(null);
              void load();
            }}
          />
          <LineupFields edition={edition} zone={zone} onSaved={onSaved} />
          <TierFields edition={edition} zone={zone} onSaved={onSaved} />
          {edition.tiers.some((t) => entryTierKinds.includes(t.kind)) ? (
            <p className="editor-block muted">
              Las entradas (precio desde, venta, agotadas) se calculan a partir de los tramos
              {edition.tickets?.price_from != null ? `: desde ${formatPrice(edition.tickets.price_from)}` : ''}.
            </p>
          ) : (
            <TicketFields edition={edition} zone={zone} onSaved={onSaved} />
          )}
          <TripFactFields edition={edition} onSaved={onSaved} />
        </div>
      ) : null}
    </div>
  );
}
