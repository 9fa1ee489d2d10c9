import { useId, useState } from 'react';
import { lineupGroupTitle } from '#core/lineup-view';
import type { LineupEntry } from '#core/lineup-types';
import { setListenQueue } from '../../../lib/listen-queue';
import { PICKS_PREFIX, readJson } from '../../../lib/storage';

interface Scope {
  key: string;
  label: string;
  entries: LineupEntry[];
}

/** What a queue can hold: the whole lineup as shown, each day, each stage, and 'Mi horario' picks. */
export function lineupScopes(queue: LineupEntry[], festivalId: number): Scope[] {
  const scopes: Scope[] = [{ key: 'all', label: 'Todo el cartel', entries: queue }];
  for (const day of [...new Set(queue.map((e) => e.day).filter((d): d is string => Boolean(d)))].sort())
    scopes.push({
      key: `day:${day}`,
      label: lineupGroupTitle({ day, stage: null })!,
      entries: queue.filter((e) => e.day === day),
    });
  for (const stage of [...new Set(queue.map((e) => e.stage).filter((s): s is string => Boolean(s)))].sort())
    scopes.push({ key: `stage:${stage}`, label: stage, entries: queue.filter((e) => e.stage === stage) });
  // 'Mi horario' picks are lineup entries kept on the device (features/timetable).
  const picks = readJson<{ picks?: unknown }>(`${PICKS_PREFIX}${festivalId}`, {}).picks;
  const picked = Array.isArray(picks) ? queue.filter((e) => picks.includes(e.id)) : [];
  if (picked.length) scopes.push({ key: 'picks', label: 'Mi horario', entries: picked });
  return scopes;
}

/** Starts a queue of `entries` at `index`, named after the festival and the scope. */
export function listenTo(festivalName: string, scope: Scope, index = 0) {
  const items = scope.entries.map((e) => ({ artistId: e.artist.id, name: e.artist.name }));
  const title = scope.key === 'all' ? `Cartel de ${festivalName}` : `${festivalName} · ${scope.label}`;
  setListenQueue({ title, items, index });
}

/** 'Escuchar el cartel': the scope to queue and the button that starts it. */
export function LineupQueueControl({ scopes, festivalName }: { scopes: Scope[]; festivalName: string }) {
  const id = useId();
  const [key, setKey] = useState('all');
  const scope = scopes.find((s) => s.key === key) ?? scopes[0];
  return (
    <div className="lineup-queue">
      <label htmlFor={id}>Qué escuchar</label>
      <select id={id} className="input" value={scope.key} onChange={(e) => setKey(e.target.value)}>
        {scopes.map((s) => (
          <option key={s.key} value={s.key}>
            {s.label} ({s.entries.length})
          </option>
        ))}
      </select>
      <button type="button" className="btn btn-outline-accent btn-sm" onClick={() => listenTo(festivalName, scope)}>
        Escuchar el cartel
      </button>
    </div>
  );
}
