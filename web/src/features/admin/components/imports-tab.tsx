import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { invalidateFestivals } from '../../../lib/query-keys';
import { ImportPanel } from '../../../components/imports/import-panel';
import type { Festival } from '#core/response-schemas';
import { DetectedChanges } from '../../../components/imports/detected-changes';
import { BulkImport } from './bulk-import';
import { WatchedSources } from './watched-sources';

/** 'Importar': a festival's official page read into a draft and applied field by field; a catalogue file loaded in bulk. */
export function ImportsTab({ festivals, onChanged }: { festivals: Festival[]; onChanged: () => void }) {
  const uid = useId();
  const [festivalId, setFestivalId] = useState<number | null>(null);
  const festival = festivals.find((f) => f.id === festivalId);
  return (
    <div className="admin-imports">
      <DetectedChanges
        base="/api/admin"
        onApplied={() => {
          invalidateFestivals();
          onChanged();
        }}
      />
      <section className="card admin-section" aria-labelledby={`${uid}-page`}>
        <h2 id={`${uid}-page`}>Importar desde la web oficial</h2>
        <p className="muted">
          Lee los datos que el propio festival publica (JSON-LD, calendario .ics u Open Graph). Nada cambia hasta que
          marcas qué aplicar.
        </p>
        <div className="field">
          <label htmlFor={`${uid}-festival`}>Festival</label>
          <select
            id={`${uid}-festival`}
            className="input"
            value={festivalId ?? ''}
            onChange={(e) => setFestivalId(e.target.value ? Number(e.target.value) : null)}
          >
            <option value="">Elige un festival</option>
            {festivals.map((f) => (
              <option key={f.id} value={f.id}>
                {f.name}
              </option>
            ))}
          </select>
        </div>
        {festival ? (
          <>
            <p>
              <Link to={paths.festival(festival.id, festival.name)}>Ver la página de {festival.name}</Link>
            </p>
            <ImportPanel
              key={festival.id}
              festivalId={festival.id}
              identityAllowed
              onApplied={() => {
                invalidateFestivals();
                onChanged();
              }}
            />
          </>
        ) : null}
      </section>
      <WatchedSources />
      <BulkImport onChanged={onChanged} />
    </div>
  );
}
