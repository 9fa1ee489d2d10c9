import { useId, useState } from 'react';
import { ArrowDownIcon, ArrowUpIcon, XIcon } from 'lucide-react';
import { MAX_LINEUP_ENTRIES, type Billing } from '#core/lineup-schemas';
import { NO_LINKS } from '#core/artist-embeds';
import { parsePastedLineup } from '#core/lineup-paste';
import { useEditionsApi, type EditionsApi } from './editions-api';
import { ArtistPicker } from './artist-picker';
import { FieldError, useFormAction } from './form-status';
import { fromLocalInput } from './local-datetime';
import { rowKey, rowsOf, type Row } from './lineup-rows';
import { zoneName } from '#core/time-zone';
import type { Edition } from '#core/lineup-types';

/**
 * Which pasted names are not artists yet, asked of the server in one request for the whole poster
 * (a search per name took seconds for a 200-artist poster). The server compares by the database's
 * own name key, so a name marked known is the artist saving will use, pending proposals' included.
 */
async function markNew(rows: Row[], lookupArtists: EditionsApi['lookupArtists']): Promise<Row[]> {
  if (!lookupArtists) return rows;
  const names = [...new Set(rows.filter((r) => r.artistId === undefined).map((r) => r.name))];
  const known = new Map<string, number>();
  if (names.length) {
    for (const item of await lookupArtists(names)) if (item.artist) known.set(item.name, item.artist.id);
  }
  return rows.map((r) => {
    if (r.artistId !== undefined) return r;
    const id = known.get(r.name);
    return id === undefined ? { ...r, isNew: true } : { ...r, artistId: id, isNew: false };
  });
}

/** An edition's lineup: add, paste, reorder and remove artists, with day, stage and times. */
/** `zone`: the festival's clock, on which set times are typed and shown (null: the admin's own). */
export function LineupFields({
  edition,
  zone,
  onSaved,
}: {
  edition: Edition;
  zone: string | null;
  onSaved: (m: string) => void;
}) {
  const uid = useId();
  const { saveLineup, lookupArtists } = useEditionsApi();
  const [rows, setRows] = useState<Row[]>(() => rowsOf(edition, zone));
  const [paste, setPaste] = useState('');
  const { busy, error, run } = useFormAction();
  const [pasting, setPasting] = useState(false);
  const update = (key: string, patch: Partial<Row>) =>
    setRows((list) => list.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  const move = (index: number, by: number) =>
    setRows((list) => {
      const next = [...list];
      const [row] = next.splice(index, 1);
      next.splice(index + by, 0, row!);
      return next;
    });
  const newCount = rows.filter((r) => r.isNew).length;

  const addPasted = async () => {
    const pasted = parsePastedLineup(paste, edition).map<Row>((p) => ({
      key: rowKey(),
      name: p.name,
      billing: p.billing,
      day: p.day ?? '',
      stage: p.stage ?? '',
      startsAt: '',
      endsAt: '',
      links: p.links,
    }));
    if (!pasted.length) return;
    setPasting(true);
    const marked = await markNew(pasted, lookupArtists);
    setRows((list) => [...list, ...marked]);
    setPaste('');
    setPasting(false);
  };

  const save = () =>
    run(async () => {
      const saved = await saveLineup(
        edition.id,
        rows.map((r) => ({
          ...(r.artistId !== undefined ? { artist_id: r.artistId } : { artist_name: r.name }),
          billing: r.billing,
          ...(r.links ? { links: { ...NO_LINKS, ...r.links } } : {}),
          day: r.day || null,
          stage: r.stage || null,
          starts_at: fromLocalInput(r.startsAt, zone),
          ends_at: fromLocalInput(r.endsAt, zone),
        })),
      );
      // The saved lineup is the rows in the same order: keep their keys, so React updates the rows
      // in place instead of drawing every one again (a second on a 200-artist lineup).
      setRows((list) => rowsOf(saved, zone).map((row, i) => (list[i] ? { ...row, key: list[i]!.key } : row)));
      onSaved(
        saved.artistsCreated
          ? `Cartel ${edition.year} guardado: ${saved.lineup.length} artistas (${saved.artistsCreated} nuevos)`
          : `Cartel ${edition.year} guardado: ${saved.lineup.length} artistas`,
      );
    });

  return (
    <section className="editor-block" aria-labelledby={`${uid}-title`}>
      <h3 id={`${uid}-title`}>
        Cartel ({rows.length}
        {rows.length === 1 ? ' artista' : ' artistas'})
      </h3>
      {rows.length ? (
        <p className="field-hint">
          Cada artista: categoría, día y escenario; debajo, la hora a la que empieza y la que termina
          {zone ? `, en la hora local del festival (${zoneName(zone, new Date(edition.start_date))})` : ''}.
        </p>
      ) : null}
      {rows.length ? (
        <ol className="lineup-rows">
          {rows.map((row, i) => (
            <li key={row.key} className="lineup-row">
              <span className="lineup-row-name">
                {row.name}
                {row.isNew ? <span className="badge badge-warning">Nuevo</span> : null}
              </span>
              <label className="visually-hidden" htmlFor={`${row.key}-billing`}>
                Categoría de {row.name}
              </label>
              <select
                id={`${row.key}-billing`}
                className="select lr-billing"
                value={row.billing}
                onChange={(e) => update(row.key, { billing: e.target.value as Billing })}
              >
                <option value="headliner">Cabeza de cartel</option>
                <option value="regular">Resto</option>
              </select>
              <label className="visually-hidden" htmlFor={`${row.key}-day`}>
                Día de {row.name}
              </label>
              <input
                id={`${row.key}-day`}
                className="input lr-day"
                type="date"
                value={row.day}
                onChange={(e) => update(row.key, { day: e.target.value })}
              />
              <label className="visually-hidden" htmlFor={`${row.key}-stage`}>
                Escenario de {row.name}
              </label>
              <input
                id={`${row.key}-stage`}
                className="input lr-stage"
                placeholder="Escenario"
                value={row.stage}
                onChange={(e) => update(row.key, { stage: e.target.value })}
              />
              <label className="visually-hidden" htmlFor={`${row.key}-start`}>
                Empieza {row.name}
              </label>
              <input
                id={`${row.key}-start`}
                className="input lr-start"
                type="datetime-local"
                value={row.startsAt}
                onChange={(e) => update(row.key, { startsAt: e.target.value })}
              />
              <label className="visually-hidden" htmlFor={`${row.key}-end`}>
                Termina {row.name}
              </label>
              <input
                id={`${row.key}-end`}
                className="input lr-end"
                type="datetime-local"
                value={row.endsAt}
                onChange={(e) => update(row.key, { endsAt: e.target.value })}
              />
              <span className="lineup-row-tools">
                <button
                  type="button"
                  className="btn btn-icon btn-sm"
                  aria-label={`Subir a ${row.name}`}
                  disabled={i === 0}
                  onClick={() => move(i, -1)}
                >
                  <ArrowUpIcon className="icon" />
                </button>
                <button
                  type="button"
                  className="btn btn-icon btn-sm"
                  aria-label={`Bajar a ${row.name}`}
                  disabled={i === rows.length - 1}
                  onClick={() => move(i, 1)}
                >
                  <ArrowDownIcon className="icon" />
                </button>
                <button
                  type="button"
                  className="btn btn-icon btn-sm"
                  aria-label={`Quitar a ${row.name}`}
                  onClick={() => setRows((list) => list.filter((r) => r.key !== row.key))}
                >
                  <XIcon className="icon" />
                </button>
              </span>
            </li>
          ))}
        </ol>
      ) : (
        <p className="muted">Cartel por anunciar</p>
      )}
      <ArtistPicker
        label="Añadir artista"
        onPick={(choice) =>
          setRows((list) => [
            ...list,
            {
              key: rowKey(),
              artistId: choice.id,
              name: choice.name,
              billing: 'regular',
              day: '',
              stage: '',
              startsAt: '',
              endsAt: '',
              isNew: choice.id === undefined,
            },
          ])
        }
      />
      <div className="field">
        <label htmlFor={`${uid}-paste`}>Pegar cartel</label>
        <textarea
          id={`${uid}-paste`}
          className="textarea"
          rows={5}
          value={paste}
          onChange={(e) => setPaste(e.target.value)}
          aria-describedby={`${uid}-paste-hint`}
        />
        <p id={`${uid}-paste-hint`} className="field-hint">
          Un artista por línea. Líneas como «Viernes» o «Main Stage» empiezan un grupo; «*» delante marca un cabeza de
          cartel.
        </p>
        <div>
          <button
            type="button"
            className="btn btn-sm"
            onClick={() => void addPasted()}
            disabled={busy || pasting || !paste.trim()}
          >
            Previsualizar y añadir
          </button>
        </div>
      </div>
      {newCount ? (
        <p className="muted" role="status">
          {newCount === 1
            ? 'Se creará 1 artista nuevo al guardar.'
            : `Se crearán ${newCount} artistas nuevos al guardar.`}
        </p>
      ) : null}
      {rows.length > MAX_LINEUP_ENTRIES ? (
        <p className="field-error" role="alert">
          Un cartel puede tener como máximo {MAX_LINEUP_ENTRIES} artistas.
        </p>
      ) : null}
      <FieldError error={error} />
      <div className="editor-actions">
        <button type="button" className="btn btn-sm btn-primary" onClick={() => void save()} disabled={busy || pasting}>
          {busy ? 'Guardando...' : 'Guardar cartel'}
        </button>
      </div>
    </section>
  );
}
