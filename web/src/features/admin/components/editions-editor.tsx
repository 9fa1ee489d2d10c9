import { useCallback, useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { ArrowDownIcon, ArrowUpIcon, XIcon } from 'lucide-react';
import { editionStatuses, MAX_LINEUP_ENTRIES, type Billing, type EditionStatus } from '#core/lineup-schemas';
import { editionStatusLabels } from '#core/lineup-view';
import { parsePastedLineup } from '#core/lineup-paste';
import { Modal } from '../../../components/ui/modal';
import { ApiError } from '../../../lib/api-client';
import { createEdition, deleteEdition, getFestivalEditions, lookupArtists, saveLineup, saveTickets, updateEdition } from '../api/lineup-api';
import { ArtistPicker } from './artist-picker';
import type { Edition } from '#core/lineup-types';
import type { Festival } from '#core/response-schemas';
import './editions-editor.css';

const message = (error: unknown) => (error instanceof Error ? error.message : 'Error inesperado.');

interface Row {
  key: string;
  artistId?: number;
  name: string;
  billing: Billing;
  day: string;
  stage: string;
  startsAt: string;
  endsAt: string;
  /** Not found among the known artists: saving creates it. */
  isNew?: boolean;
}

let rowCounter = 0;
const rowKey = () => `r${++rowCounter}`;

/** An ISO instant as the value of a datetime-local input (the admin's own time zone), and back. */
function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
const fromLocalInput = (value: string) => (value ? new Date(value).toISOString() : null);

function rowsOf(edition: Edition): Row[] {
  return edition.lineup.map((e) => ({
    key: rowKey(),
    artistId: e.artist.id,
    name: e.artist.name,
    billing: e.billing,
    day: e.day ?? '',
    stage: e.stage ?? '',
    startsAt: toLocalInput(e.starts_at),
    endsAt: toLocalInput(e.ends_at),
  }));
}

/**
 * Which pasted names are not artists yet, asked of the server in one request for the whole poster
 * (a search per name took seconds for a 200-artist poster). The server compares by the database's
 * own name key, so a name marked known is the artist saving will use, pending proposals' included.
 */
async function markNew(rows: Row[]): Promise<Row[]> {
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

function EditionFields({ edition, onSaved, onDeleted }: { edition: Edition; onSaved: (m: string) => void; onDeleted: () => void }) {
  const uid = useId();
  const [values, setValues] = useState({ start_date: edition.start_date, end_date: edition.end_date ?? '', status: edition.status, notes: edition.notes ?? '' });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await updateEdition(edition.id, { year: edition.year, ...values, end_date: values.end_date || null, notes: values.notes || null });
      onSaved(`Edición ${edition.year} guardada`);
    } catch (e) {
      setError(message(e));
    } finally {
      setBusy(false);
    }
  };
  const remove = async () => {
    if (!window.confirm(`¿Eliminar la edición ${edition.year} con su cartel y sus entradas?`)) return;
    setBusy(true);
    try {
      await deleteEdition(edition.id);
      onDeleted();
    } catch (e) {
      setError(message(e));
      setBusy(false);
    }
  };
  return (
    <form className="editor-block" onSubmit={submit} aria-labelledby={`${uid}-title`}>
      <h3 id={`${uid}-title`}>Fechas y estado</h3>
      <div className="editor-grid">
        <div className="field">
          <label htmlFor={`${uid}-start`}>Inicio</label>
          <input id={`${uid}-start`} className="input" type="date" value={values.start_date} onChange={(e) => setValues({ ...values, start_date: e.target.value })} required />
        </div>
        <div className="field">
          <label htmlFor={`${uid}-end`}>Fin</label>
          <input id={`${uid}-end`} className="input" type="date" value={values.end_date} onChange={(e) => setValues({ ...values, end_date: e.target.value })} />
        </div>
        <div className="field">
          <label htmlFor={`${uid}-status`}>Estado</label>
          <select id={`${uid}-status`} className="select" value={values.status} onChange={(e) => setValues({ ...values, status: e.target.value as EditionStatus })}>
            {editionStatuses.map((s) => (
              <option key={s} value={s}>
                {editionStatusLabels[s]}
              </option>
            ))}
          </select>
        </div>
        <div className="field editor-wide">
          <label htmlFor={`${uid}-notes`}>Notas</label>
          <input id={`${uid}-notes`} className="input" value={values.notes} onChange={(e) => setValues({ ...values, notes: e.target.value })} />
        </div>
      </div>
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="editor-actions">
        <button type="button" className="btn btn-sm btn-ghost admin-danger-text" onClick={() => void remove()} disabled={busy}>
          Eliminar edición {edition.year}
        </button>
        <button type="submit" className="btn btn-sm btn-primary" disabled={busy}>
          Guardar fechas
        </button>
      </div>
    </form>
  );
}

function LineupFields({ edition, onSaved }: { edition: Edition; onSaved: (m: string) => void }) {
  const uid = useId();
  const [rows, setRows] = useState<Row[]>(() => rowsOf(edition));
  const [paste, setPaste] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const update = (key: string, patch: Partial<Row>) => setRows((list) => list.map((r) => (r.key === key ? { ...r, ...patch } : r)));
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
    }));
    if (!pasted.length) return;
    setBusy(true);
    const marked = await markNew(pasted);
    setRows((list) => [...list, ...marked]);
    setPaste('');
    setBusy(false);
  };

  const save = async () => {
    setBusy(true);
    setError(null);
    try {
      const saved = await saveLineup(
        edition.id,
        rows.map((r) => ({
          ...(r.artistId !== undefined ? { artist_id: r.artistId } : { artist_name: r.name }),
          billing: r.billing,
          day: r.day || null,
          stage: r.stage || null,
          starts_at: fromLocalInput(r.startsAt),
          ends_at: fromLocalInput(r.endsAt),
        })),
      );
      // The saved lineup is the rows in the same order: keep their keys, so React updates the rows
      // in place instead of drawing every one again (a second on a 200-artist lineup).
      setRows((list) => rowsOf(saved).map((row, i) => (list[i] ? { ...row, key: list[i]!.key } : row)));
      onSaved(
        saved.artistsCreated
          ? `Cartel ${edition.year} guardado: ${saved.lineup.length} artistas (${saved.artistsCreated} nuevos)`
          : `Cartel ${edition.year} guardado: ${saved.lineup.length} artistas`,
      );
    } catch (e) {
      setError(message(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="editor-block" aria-labelledby={`${uid}-title`}>
      <h3 id={`${uid}-title`}>
        Cartel ({rows.length}
        {rows.length === 1 ? ' artista' : ' artistas'})
      </h3>
      {rows.length ? (
        <p className="field-hint">Cada artista: categoría, día y escenario; debajo, la hora a la que empieza y la que termina.</p>
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
              <select id={`${row.key}-billing`} className="select lr-billing" value={row.billing} onChange={(e) => update(row.key, { billing: e.target.value as Billing })}>
                <option value="headliner">Cabeza de cartel</option>
                <option value="regular">Resto</option>
              </select>
              <label className="visually-hidden" htmlFor={`${row.key}-day`}>
                Día de {row.name}
              </label>
              <input id={`${row.key}-day`} className="input lr-day" type="date" value={row.day} onChange={(e) => update(row.key, { day: e.target.value })} />
              <label className="visually-hidden" htmlFor={`${row.key}-stage`}>
                Escenario de {row.name}
              </label>
              <input id={`${row.key}-stage`} className="input lr-stage" placeholder="Escenario" value={row.stage} onChange={(e) => update(row.key, { stage: e.target.value })} />
              <label className="visually-hidden" htmlFor={`${row.key}-start`}>
                Empieza {row.name}
              </label>
              <input id={`${row.key}-start`} className="input lr-start" type="datetime-local" value={row.startsAt} onChange={(e) => update(row.key, { startsAt: e.target.value })} />
              <label className="visually-hidden" htmlFor={`${row.key}-end`}>
                Termina {row.name}
              </label>
              <input id={`${row.key}-end`} className="input lr-end" type="datetime-local" value={row.endsAt} onChange={(e) => update(row.key, { endsAt: e.target.value })} />
              <span className="lineup-row-tools">
                <button type="button" className="btn btn-icon btn-sm" aria-label={`Subir a ${row.name}`} disabled={i === 0} onClick={() => move(i, -1)}>
                  <ArrowUpIcon className="icon" />
                </button>
                <button type="button" className="btn btn-icon btn-sm" aria-label={`Bajar a ${row.name}`} disabled={i === rows.length - 1} onClick={() => move(i, 1)}>
                  <ArrowDownIcon className="icon" />
                </button>
                <button type="button" className="btn btn-icon btn-sm" aria-label={`Quitar a ${row.name}`} onClick={() => setRows((list) => list.filter((r) => r.key !== row.key))}>
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
            { key: rowKey(), artistId: choice.id, name: choice.name, billing: 'regular', day: '', stage: '', startsAt: '', endsAt: '', isNew: choice.id === undefined },
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
          Un artista por línea. Líneas como «Viernes» o «Main Stage» empiezan un grupo; «*» delante marca un cabeza de cartel.
        </p>
        <div>
          <button type="button" className="btn btn-sm" onClick={() => void addPasted()} disabled={busy || !paste.trim()}>
            Previsualizar y añadir
          </button>
        </div>
      </div>
      {newCount ? (
        <p className="muted" role="status">
          {newCount === 1 ? 'Se creará 1 artista nuevo al guardar.' : `Se crearán ${newCount} artistas nuevos al guardar.`}
        </p>
      ) : null}
      {rows.length > MAX_LINEUP_ENTRIES ? (
        <p className="field-error" role="alert">
          Un cartel puede tener como máximo {MAX_LINEUP_ENTRIES} artistas.
        </p>
      ) : null}
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="editor-actions">
        <button type="button" className="btn btn-sm btn-primary" onClick={() => void save()} disabled={busy}>
          {busy ? 'Guardando...' : 'Guardar cartel'}
        </button>
      </div>
    </section>
  );
}

function TicketFields({ edition, onSaved }: { edition: Edition; onSaved: (m: string) => void }) {
  const uid = useId();
  const t = edition.tickets;
  const [values, setValues] = useState({
    price_from: t?.price_from?.toString() ?? '',
    price_to: t?.price_to?.toString() ?? '',
    ticket_url: t?.ticket_url ?? '',
    on_sale_at: toLocalInput(t?.on_sale_at ?? null),
    sold_out: t?.sold_out ?? false,
  });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await saveTickets(edition.id, {
        price_from: values.price_from === '' ? null : Number(values.price_from.replace(',', '.')),
        price_to: values.price_to === '' ? null : Number(values.price_to.replace(',', '.')),
        currency: 'EUR',
        ticket_url: values.ticket_url || null,
        on_sale_at: fromLocalInput(values.on_sale_at),
        sold_out: values.sold_out,
      });
      onSaved(`Entradas ${edition.year} guardadas`);
    } catch (e) {
      setError(message(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="editor-block" onSubmit={submit} aria-labelledby={`${uid}-title`}>
      <h3 id={`${uid}-title`}>Entradas</h3>
      <div className="editor-grid">
        <div className="field">
          <label htmlFor={`${uid}-from`}>Precio desde (€)</label>
          <input id={`${uid}-from`} className="input" inputMode="decimal" value={values.price_from} onChange={(e) => setValues({ ...values, price_from: e.target.value })} />
        </div>
        <div className="field">
          <label htmlFor={`${uid}-to`}>Precio hasta (€)</label>
          <input id={`${uid}-to`} className="input" inputMode="decimal" value={values.price_to} onChange={(e) => setValues({ ...values, price_to: e.target.value })} />
        </div>
        <div className="field editor-wide">
          <label htmlFor={`${uid}-url`}>Web oficial de venta</label>
          <input id={`${uid}-url`} className="input" type="url" placeholder="https://" value={values.ticket_url} onChange={(e) => setValues({ ...values, ticket_url: e.target.value })} />
        </div>
        <div className="field">
          <label htmlFor={`${uid}-sale`}>A la venta desde</label>
          <input id={`${uid}-sale`} className="input" type="datetime-local" value={values.on_sale_at} onChange={(e) => setValues({ ...values, on_sale_at: e.target.value })} />
        </div>
        <label className="editor-check">
          <input type="checkbox" checked={values.sold_out} onChange={(e) => setValues({ ...values, sold_out: e.target.checked })} /> Agotadas
        </label>
      </div>
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="editor-actions">
        <button type="submit" className="btn btn-sm btn-primary" disabled={busy}>
          Guardar entradas
        </button>
      </div>
    </form>
  );
}

function NewEdition({ festivalId, onCreated }: { festivalId: number; onCreated: (year: number) => void }) {
  const uid = useId();
  const [values, setValues] = useState({ start_date: '', end_date: '', status: 'announced' as EditionStatus });
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const year = Number(values.start_date.slice(0, 4));
    try {
      await createEdition(festivalId, { year, start_date: values.start_date, end_date: values.end_date || null, status: values.status });
      onCreated(year);
    } catch (e) {
      setError(e instanceof ApiError && e.status === 400 && !values.start_date ? 'La fecha de inicio es requerida' : message(e));
    }
  };
  return (
    <form className="editor-block" onSubmit={submit} aria-labelledby={`${uid}-title`}>
      <h3 id={`${uid}-title`}>Nueva edición</h3>
      <div className="editor-grid">
        <div className="field">
          <label htmlFor={`${uid}-start`}>Inicio</label>
          <input id={`${uid}-start`} className="input" type="date" value={values.start_date} onChange={(e) => setValues({ ...values, start_date: e.target.value })} />
        </div>
        <div className="field">
          <label htmlFor={`${uid}-end`}>Fin</label>
          <input id={`${uid}-end`} className="input" type="date" value={values.end_date} onChange={(e) => setValues({ ...values, end_date: e.target.value })} />
        </div>
        <div className="field">
          <label htmlFor={`${uid}-status`}>Estado</label>
          <select id={`${uid}-status`} className="select" value={values.status} onChange={(e) => setValues({ ...values, status: e.target.value as EditionStatus })}>
            {editionStatuses.map((s) => (
              <option key={s} value={s}>
                {editionStatusLabels[s]}
              </option>
            ))}
          </select>
        </div>
      </div>
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="editor-actions">
        <button type="submit" className="btn btn-sm btn-primary">
          Crear edición
        </button>
      </div>
    </form>
  );
}

/** A festival's editions in the admin panel: dates and status, lineup (add, paste, reorder, remove) and tickets of each year. */
export function EditionsEditor({ festival, onClose, onChanged }: { festival: Festival; onClose: () => void; onChanged: () => void }) {
  const [editions, setEditions] = useState<Edition[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [year, setYear] = useState<number | 'new' | null>(null);
  const [saved, setSaved] = useState<string | null>(null);

  const load = useCallback(
    (select?: number) =>
      getFestivalEditions(festival.id)
        .then((list) => {
          setEditions(list);
          setYear((current) => select ?? (current !== null && current !== 'new' && list.some((e) => e.year === current) ? current : (list[0]?.year ?? 'new')));
        })
        .catch((e) => setLoadError(message(e))),
    [festival.id],
  );
  useEffect(() => {
    void load();
  }, [load]);

  const edition = useMemo(() => editions?.find((e) => e.year === year) ?? null, [editions, year]);
  const onSaved = (text: string) => {
    setSaved(text);
    onChanged();
    void load();
  };

  return (
    <Modal title={`Ediciones y cartel: ${festival.name}`} onClose={onClose}>
      <div className="editions-editor">
        {loadError ? (
          <p className="field-error" role="alert">
            {loadError}
          </p>
        ) : !editions ? (
          <p role="status">Cargando ediciones...</p>
        ) : (
          <>
            <div className="editor-years" role="group" aria-label="Ediciones">
              {editions.map((e) => (
                <button key={e.id} type="button" className="btn btn-sm" aria-pressed={year === e.year} onClick={() => setYear(e.year)}>
                  {e.year}
                </button>
              ))}
              <button type="button" className="btn btn-sm btn-ghost" aria-pressed={year === 'new'} onClick={() => setYear('new')}>
                + Nueva edición
              </button>
            </div>
            <div aria-live="polite">
              {saved ? (
                <p className="admin-alert admin-alert-success" role="status">
                  {saved}
                </p>
              ) : null}
            </div>
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
                <LineupFields edition={edition} onSaved={onSaved} />
                <TicketFields edition={edition} onSaved={onSaved} />
              </div>
            ) : null}
          </>
        )}
        <div className="modal-actions">
          <button type="button" className="btn" onClick={onClose}>
            Cerrar
          </button>
        </div>
      </div>
    </Modal>
  );
}
