import { formatDate } from '#core/dates';
import type { ImportSource } from '#core/lineup-types';

/**
 * Where the facts of a section were read from, when an import from the festival's own page was
 * applied: the newest of the groups the section shows.
 */
export function SourceNote({
  sources,
  groups,
}: {
  sources: ImportSource[] | undefined;
  groups: ImportSource['group'][];
}) {
  const source = (sources ?? [])
    .filter((s) => groups.includes(s.group))
    .sort((a, b) => b.checked_at.localeCompare(a.checked_at))[0];
  if (!source) return null;
  return (
    <p className="muted source-note">
      Fuente:{' '}
      <a href={source.url} target="_blank" rel="noopener noreferrer">
        web oficial
      </a>
      , consultada el {formatDate(source.checked_at)}
    </p>
  );
}
