import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { ArrowLeftIcon, CalendarPlusIcon, CheckIcon, ClockIcon, Share2Icon, TriangleAlertIcon } from 'lucide-react';
import { paths } from '../../../config/paths';
import { useToast } from '../../../components/toast/toast-provider';
import { useQuery } from '../../../lib/use-server-data';
import { useOnline } from '../../../lib/use-online';
import {
  getFestivalWithLineup,
  getSharedTimetable,
  getTodayChanges,
  shareTimetable,
  stopSharingTimetable,
  timetableIcsUrl,
} from '../api/timetable';
import {
  clashes,
  clashText,
  dayOfNow,
  daysOf,
  formatDay,
  formatTime,
  stagesOf,
  timedSets,
  type TimedSet,
} from '../lib/schedule';
import { usePicks } from '../lib/use-picks';
import { festivalTimeZone, otherClock, zoneName } from '#core/time-zone';
import { changeLine } from '#core/set-change-text';
import './timetable.css';

/** Minutes between redraws of the current time mark. */
const NOW_TICK_MS = 60_000;

function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), NOW_TICK_MS);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

/**
 * 'Mi horario': a festival's sets by day (tabs) and stage (columns; a list per stage on a phone),
 * the current time marked while the festival is on, a tap to pick a set, clashes between picks
 * spelled out, an .ics of the picks and a read-only link to share them. With ?compartido=<token>
 * it shows someone else's picks, read only.
 */
export function TimetableScreen({ renderPlans }: { renderPlans?: (festivalId: number) => ReactNode } = {}) {
  const { festivalId } = useParams();
  const id = Number(festivalId);
  const [search] = useSearchParams();
  const sharedToken = search.get('compartido');
  const festival = useQuery({
    queryKey: ['timetable-festival', id],
    queryFn: ({ signal }) => getFestivalWithLineup(id, signal),
    enabled: Number.isSafeInteger(id) && id > 0,
  });
  const shared = useQuery({
    queryKey: ['timetable-shared', sharedToken],
    queryFn: ({ signal }) => getSharedTimetable(sharedToken!, signal),
    enabled: Boolean(sharedToken),
  });
  const changes = useQuery({
    queryKey: ['timetable-changes', id],
    queryFn: ({ signal }) => getTodayChanges(id, signal),
    enabled: Number.isSafeInteger(id) && id > 0,
  });
  const mine = usePicks(id);
  const now = useNow();
  const online = useOnline();
  // Back online after a while without signal: the sets and today's changes are read again, so a
  // delay announced meanwhile shows (the worker kept the last answers for the time offline).
  const wasOnline = useRef(online);
  const { refetch: reloadFestival } = festival;
  const { refetch: reloadChanges } = changes;
  useEffect(() => {
    if (online && !wasOnline.current) {
      reloadFestival();
      reloadChanges();
    }
    wasOnline.current = online;
  }, [online, reloadFestival, reloadChanges]);
  const toast = useToast();
  const [shareUrl, setShareUrl] = useState<string | null>(null);

  // Times are the festival's, on every device: a visitor in London planning Barcelona, or anyone
  // in Madrid planning Gran Canaria, reads the hours printed on the festival's own timetable.
  const zone = useMemo(() => (festival.data ? festivalTimeZone(festival.data) : null), [festival.data]);
  const sets = useMemo(() => timedSets(festival.data?.lineup ?? [], zone), [festival.data, zone]);
  const days = useMemo(() => daysOf(sets), [sets]);
  const today = dayOfNow(sets, now);
  const [day, setDay] = useState<string | null>(null);
  const shownDay = day && days.includes(day) ? day : (today ?? days[0] ?? null);
  const readOnly = !!sharedToken;
  const picks = useMemo(
    () => new Set(readOnly ? (shared.data?.picks ?? []) : mine.picks),
    [readOnly, shared.data, mine.picks],
  );
  const clashing = useMemo(() => clashes(sets, picks), [sets, picks]);
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);

  if (festival.isLoading || (readOnly && shared.isLoading)) {
    return (
      <div className="page">
        <p className="container timetable-status">Cargando horario...</p>
      </div>
    );
  }
  const failure = festival.error ?? (readOnly ? shared.error : null);
  if (failure || !festival.data) {
    return (
      <div className="page">
        <div className="container timetable-status" role="alert">
          <p>{(failure as Error)?.message || 'No se ha podido cargar el horario.'}</p>
          <Link to={paths.home()} className="btn btn-primary">
            <ArrowLeftIcon className="icon" /> Volver
          </Link>
        </div>
      </div>
    );
  }
  const f = festival.data;
  const festivalPage = paths.festival(f.id, f.name);
  const daySets = sets.filter((s) => s.day === shownDay);
  const stages = stagesOf(daySets);
  const pickedIds = [...picks].filter((p) => sets.some((s) => s.id === p));

  const onTabKey = (event: KeyboardEvent, index: number) => {
    const next =
      event.key === 'ArrowRight'
        ? index + 1
        : event.key === 'ArrowLeft'
          ? index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? days.length - 1
              : null;
    if (next === null) return;
    event.preventDefault();
    const target = (next + days.length) % days.length;
    setDay(days[target]);
    tabs.current[target]?.focus();
  };

  const share = async () => {
    try {
      const answer = await shareTimetable(f.id);
      setShareUrl(answer.url);
      await navigator.clipboard?.writeText(answer.url).catch(() => undefined);
      toast('Enlace de tu horario listo para compartir', 'success');
    } catch (error) {
      toast((error as Error).message || 'No se ha podido compartir tu horario', 'error');
    }
  };
  const stopSharing = async () => {
    try {
      await stopSharingTimetable(f.id);
      setShareUrl(null);
      toast('Tu horario ya no se comparte', 'success');
    } catch (error) {
      toast((error as Error).message || 'No se ha podido dejar de compartir', 'error');
    }
  };

  return (
    <div className="page">
      <div className="container timetable-page">
        <Link to={festivalPage} className="btn btn-ghost btn-sm timetable-back">
          <ArrowLeftIcon className="icon" /> {f.name}
        </Link>
        <h1 className="page-title">{readOnly ? `Horario de ${shared.data?.owner ?? ''}` : 'Mi horario'}</h1>
        <p className="muted timetable-intro">
          {readOnly
            ? `Las actuaciones que ha elegido en ${f.name}. Solo lectura.`
            : `${f.name}: toca una actuación para añadirla a tu horario. ${
                mine.signedIn
                  ? 'Se guarda en tu cuenta.'
                  : 'Se guarda en este dispositivo; inicia sesión para tenerlo en todos.'
              }`}
        </p>

        {zone && sets.length ? <ZoneNote zone={zone} at={sets[0].start} /> : null}

        {changes.data?.changes.length ? (
          <section className="timetable-changes" aria-labelledby="timetable-changes-title">
            <h2 id="timetable-changes-title">Cambios de hoy</h2>
            <ul>
              {changes.data.changes.map((c) => (
                <li key={c.id}>{changeLine(c, zone)}</li>
              ))}
            </ul>
          </section>
        ) : null}

        {sets.length === 0 ? (
          <p className="timetable-status">Este festival aún no tiene horarios publicados.</p>
        ) : (
          <>
            {!readOnly ? (
              <div className="timetable-tools">
                <span className="timetable-count">
                  {pickedIds.length === 1 ? '1 actuación elegida' : `${pickedIds.length} actuaciones elegidas`}
                  {clashing.size ? ` · ${clashing.size} con coincidencias` : ''}
                </span>
                <a
                  className={`btn btn-outline-accent btn-sm${pickedIds.length ? '' : ' is-disabled'}`}
                  href={pickedIds.length ? timetableIcsUrl(f.id, pickedIds) : undefined}
                  aria-disabled={!pickedIds.length}
                  download={`mi-horario-${f.id}.ics`}
                >
                  <CalendarPlusIcon className="icon" /> Exportar al calendario
                </a>
                {mine.signedIn ? (
                  <button
                    type="button"
                    className="btn btn-outline-accent btn-sm"
                    onClick={() => void share()}
                    disabled={!online}
                  >
                    <Share2Icon className="icon" /> Compartir
                  </button>
                ) : null}
                {renderPlans?.(f.id)}
              </div>
            ) : null}
            {shareUrl ? (
              <div className="timetable-share" role="status">
                <label htmlFor="timetable-share-url">Enlace de solo lectura</label>
                <input
                  id="timetable-share-url"
                  className="input"
                  readOnly
                  value={shareUrl}
                  onFocus={(e) => e.currentTarget.select()}
                />
                <button type="button" className="btn btn-ghost btn-sm" onClick={() => void stopSharing()}>
                  Dejar de compartir
                </button>
              </div>
            ) : null}
            {mine.syncError && !readOnly ? (
              <p className="timetable-sync-error" role="alert">
                {mine.syncError}
              </p>
            ) : null}

            <div role="tablist" aria-label="Días" className="timetable-days">
              {days.map((d, i) => (
                <button
                  key={d}
                  ref={(el) => {
                    tabs.current[i] = el;
                  }}
                  type="button"
                  role="tab"
                  id={`tab-${d}`}
                  aria-selected={d === shownDay}
                  aria-controls="timetable-panel"
                  tabIndex={d === shownDay ? 0 : -1}
                  className="timetable-day"
                  onClick={() => setDay(d)}
                  onKeyDown={(e) => onTabKey(e, i)}
                >
                  {formatDay(d)}
                  {d === today ? <span className="badge badge-accent">Hoy</span> : null}
                </button>
              ))}
            </div>

            <div
              id="timetable-panel"
              role="tabpanel"
              aria-labelledby={shownDay ? `tab-${shownDay}` : undefined}
              className="timetable-grid"
              style={{ ['--stages' as string]: stages.length }}
            >
              {shownDay === today ? (
                <p className="timetable-now" role="note">
                  Ahora: {formatTime(now, zone)}
                </p>
              ) : null}
              {stages.map((stage) => (
                <section key={stage} className="timetable-stage" aria-label={stage}>
                  <h2 className="timetable-stage-name">{stage}</h2>
                  <ul className="timetable-sets">
                    {daySets
                      .filter((s) => s.stage === stage)
                      .map((set) => (
                        <SetItem
                          key={set.id}
                          set={set}
                          zone={zone}
                          picked={picks.has(set.id)}
                          clash={clashing.get(set.id)}
                          now={shownDay === today ? now : null}
                          readOnly={readOnly}
                          onToggle={() => mine.toggle(set.id)}
                        />
                      ))}
                  </ul>
                </section>
              ))}
            </div>
          </>
        )}
      </div>
    </div>
  );
}

/**
 * Which clock the hours are on: always the festival's, named by its zone; when the device reads
 * another time (a visitor abroad, or the mainland planning the Canary Islands), it says so.
 */
function ZoneNote({ zone, at }: { zone: string; at: Date }) {
  const deviceZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return (
    <p className="muted timetable-zone">
      <ClockIcon className="icon" aria-hidden="true" /> Hora local del festival ({zoneName(zone, at)}).
      {otherClock(zone, deviceZone, at) ? ' Tu dispositivo está en otra zona horaria.' : ''}
    </p>
  );
}

function SetItem({
  set,
  zone,
  picked,
  clash,
  now,
  readOnly,
  onToggle,
}: {
  set: TimedSet;
  zone: string | null;
  picked: boolean;
  clash?: TimedSet[];
  now: Date | null;
  readOnly: boolean;
  onToggle: () => void;
}) {
  const playing = now !== null && set.start <= now && now < set.end;
  const over = now !== null && set.end <= now;
  const times = `${formatTime(set.start, zone)}–${formatTime(set.end, zone)}`;
  const content = (
    <>
      <span className="timetable-set-time">{times}</span>
      <span className="timetable-set-artist">{set.artist}</span>
      {playing ? <span className="badge badge-success">Ahora</span> : null}
      {set.live === 'cancelled' ? <span className="badge timetable-cancelled">Cancelada</span> : null}
      {set.live === 'delayed' ? <span className="badge badge-accent">Retrasada {set.delay} min</span> : null}
      {set.live === 'moved' ? <span className="badge badge-accent">Cambio de escenario</span> : null}
      {picked ? (
        <span className="timetable-set-picked">
          <CheckIcon className="icon" aria-hidden="true" /> {readOnly ? 'Elegida' : 'En mi horario'}
        </span>
      ) : null}
      {clash ? (
        <span className="timetable-set-clash">
          <TriangleAlertIcon className="icon" aria-hidden="true" /> {clashText(clash, zone)}
        </span>
      ) : null}
    </>
  );
  const className = `timetable-set${picked ? ' is-picked' : ''}${clash ? ' is-clash' : ''}${playing ? ' is-playing' : ''}${over ? ' is-over' : ''}`;
  return (
    <li>
      {readOnly ? (
        <div className={className}>{content}</div>
      ) : (
        <button type="button" className={className} aria-pressed={picked} onClick={onToggle}>
          {content}
        </button>
      )}
    </li>
  );
}
