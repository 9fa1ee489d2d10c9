import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { clockTime } from '#core/clock';
import { lineupGroupTitle, lineupView } from '#core/lineup-view';
import type { LineupEntry } from '#core/lineup-types';
import { listenNotice } from '../../../components/player/embed-player';
import { paths } from '../../../config/paths';
import { LineupQueueControl, lineupScopes, listenTo } from './lineup-queue';

function entryTime(entry: LineupEntry, zone: string | null | undefined): string | null {
  if (!entry.starts_at) return null;
  // On the festival's clock, as its poster and 'Mi horario' print them (the device's when unknown).
  const start = clockTime(new Date(entry.starts_at), zone);
  return entry.ends_at ? `${start}–${clockTime(new Date(entry.ends_at), zone)}` : start;
}

function ArtistLink({ entry, headliner, zone }: { entry: LineupEntry; headliner?: boolean; zone?: string | null }) {
  const time = entryTime(entry, zone);
  const where = headliner
    ? [entry.day ? lineupGroupTitle({ day: entry.day, stage: entry.stage }) : entry.stage, time]
        .filter(Boolean)
        .join(' · ')
    : time;
  return (
    <li className={headliner ? 'lineup-headliner' : 'lineup-artist'}>
      <a href={paths.artist(entry.artist.id, entry.artist.slug)}>{entry.artist.name}</a>
      {where ? <span className="lineup-when">{where}</span> : null}
      <button
        type="button"
        className="lineup-listen"
        data-listen={entry.id}
        aria-label={`Escuchar a ${entry.artist.name}`}
      >
        Escuchar
      </button>
    </li>
  );
}

/**
 * Headliners first and larger, then the rest alphabetically, by day and stage when known.
 * The artists' links are plain anchors that the router follows through one listener on the list:
 * a lineup holds up to 150 of them, and a router Link each would add its hooks and handlers to the
 * page's render on a phone.
 */
export function Lineup({
  entries,
  zone,
  festival,
}: {
  entries: LineupEntry[];
  zone?: string | null;
  festival: { id: number; name: string };
}) {
  const navigate = useNavigate();
  if (entries.length === 0) return <p className="lineup-empty">Cartel por anunciar</p>;
  const view = lineupView(entries);
  const queue = [...view.headliners, ...view.groups.flatMap((group) => group.entries)];
  const titled = view.groups.some((g) => lineupGroupTitle(g) !== null);
  const follow = (event: MouseEvent<HTMLDivElement>) => {
    const listen = (event.target as HTMLElement).closest<HTMLElement>('button[data-listen]');
    if (listen) {
      // The whole lineup as shown, from this artist on ('Anterior' goes back up the list).
      const index = queue.findIndex((entry) => String(entry.id) === listen.dataset.listen);
      if (index >= 0) listenTo(festival.name, lineupScopes(queue, festival.id)[0], index);
      return;
    }
    const link = (event.target as HTMLElement).closest('a');
    if (
      !link ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey ||
      event.defaultPrevented
    )
      return;
    event.preventDefault();
    navigate(link.getAttribute('href')!);
  };
  return (
    // The links inside are followed here (Enter on a focused link is a click too).
    <div className="lineup" onClick={follow}>
      <p className="lineup-listen-note muted">{listenNotice}</p>
      <LineupQueueControl scopes={lineupScopes(queue, festival.id)} festivalName={festival.name} />
      {view.headliners.length ? (
        <>
          <h4 className="visually-hidden">Cabezas de cartel</h4>
          <ul className="lineup-headliners">
            {view.headliners.map((entry) => (
              <ArtistLink key={entry.id} entry={entry} zone={zone} headliner />
            ))}
          </ul>
        </>
      ) : null}
      {view.groups.map((group) => {
        const title = lineupGroupTitle(group);
        return (
          <div key={`${group.day}-${group.stage}`} className="lineup-group">
            {title ? (
              <h4 className="lineup-group-title">{title}</h4>
            ) : titled ? (
              <h4 className="lineup-group-title">Otros artistas</h4>
            ) : (
              <h4 className="visually-hidden">Resto del cartel</h4>
            )}
            <ul className="lineup-artists">
              {group.entries.map((entry) => (
                <ArtistLink key={entry.id} entry={entry} zone={zone} />
              ))}
            </ul>
          </div>
        );
      })}
    </div>
  );
}
