import { useMemo, useState } from 'react';
import { hasCoordinates } from '#core/map';
import { geocodeMissing } from '../api/admin-api';
import type { RunAction } from '../hooks/use-admin-actions';
import type { FestivalActionsProps } from './festival-actions';
import { FestivalsTable } from './festivals-table';
import { PendingFestivalCard } from './pending-festival-card';
import { PendingAllTabs, TabPanel, type PendingOrAll } from './tabs';
import type { AdminMedia, AdminUser, Festival, PendingFestival } from '#core/response-schemas';

interface FestivalsTabProps {
  pending: PendingFestival[];
  all: Festival[];
  pendingMedia: AdminMedia[];
  users: AdminUser[];
  run: RunAction;
  busy: boolean;
  onEdit: (festival: Festival | null) => void;
  /** Opens the festival's editions, lineup and tickets. */
  onEditions: (festival: Festival) => void;
  onNotice: (message: string) => void;
}

/** Festivales: Pendientes / Todos, create, edit, delete, approve or reject pending, geocode. */
export function FestivalsTab({
  pending,
  all,
  pendingMedia,
  users,
  run,
  busy,
  onEdit,
  onEditions,
  onNotice,
}: FestivalsTabProps) {
  const [sub, setSub] = useState<PendingOrAll>('pending');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(0);
  const userNames = useMemo(() => new Map(users.map((u) => [u.id, u.name])), [users]);
  const imagesByFestival = useMemo(() => {
    const map = new Map<number, AdminMedia[]>();
    for (const m of pendingMedia) map.set(m.festival_id, [...(map.get(m.festival_id) ?? []), m]);
    return map;
  }, [pendingMedia]);
  const missingCoordinates = all.filter((f) => !hasCoordinates(f)).length;
  const actions: FestivalActionsProps = { run, busy, onEdit, onEditions };

  const geocodeAll = () =>
    run(
      async () => {
        const result = await geocodeMissing();
        onNotice(
          `Geocodificación: ${result.geocoded.length} ubicados, ${result.notFound.length} sin resultado, ${result.remaining} pendientes de coordenadas.`,
        );
      },
      { festivalsChanged: true },
    );

  return (
    <div>
      <div className="admin-toolbar">
        <PendingAllTabs
          id="admin-festivals"
          label="Festivales"
          active={sub}
          onChange={setSub}
          pending={pending.length}
          all={all.length}
        />
        <div className="admin-toolbar-actions">
          <button
            type="button"
            className="btn btn-sm btn-ghost"
            disabled={busy || missingCoordinates === 0}
            onClick={() => void geocodeAll()}
          >
            Geocodificar sin coordenadas ({missingCoordinates})
          </button>
          <button type="button" className="btn btn-sm btn-primary" onClick={() => onEdit(null)}>
            Nuevo festival
          </button>
        </div>
      </div>

      {sub === 'pending' ? (
        <TabPanel id="admin-festivals" tab="pending">
          {pending.length === 0 ? (
            <p className="admin-empty">No hay festivales pendientes de revisión.</p>
          ) : (
            <ul className="admin-cards">
              {pending.map((f) => (
                <PendingFestivalCard
                  key={f.id}
                  festival={f}
                  images={imagesByFestival.get(f.id) ?? []}
                  userName={(id) => userNames.get(id)}
                  actions={actions}
                />
              ))}
            </ul>
          )}
        </TabPanel>
      ) : (
        <TabPanel id="admin-festivals" tab="all">
          <FestivalsTable all={all} query={query} onQuery={setQuery} page={page} onPage={setPage} actions={actions} />
        </TabPanel>
      )}
    </div>
  );
}
