import { useId, type ReactNode } from 'react';
import { SearchIcon } from 'lucide-react';

/** The map page's frame around its heading and map: MapPage's, and the first screen the boot entry draws. */
export function MapLayout({ children }: { children: ReactNode }) {
  return (
    <div className="page map-page">
      <div className="container">{children}</div>
    </div>
  );
}

interface MapHeadingProps {
  /** What the map shows ('12 festivales en el mapa'), or that it is loading. */
  status: string;
  query: string;
  onQuery: (query: string) => void;
}

/** The map page's title, status line and search field. */
export function MapHeading({ status, query, onQuery }: MapHeadingProps) {
  const inputId = useId();
  return (
    <div className="map-header">
      <div>
        <h1 className="page-title">
          Mapa de <span className="gradient-text">festivales</span>
        </h1>
        <p className="muted map-status" role="status" aria-live="polite">
          {status}
        </p>
      </div>
      <form className="map-search" role="search" onSubmit={(e) => e.preventDefault()}>
        <label htmlFor={inputId} className="visually-hidden">
          Buscar en el mapa
        </label>
        <SearchIcon className="map-search-icon" size={18} />
        <input
          id={inputId}
          className="input"
          type="search"
          placeholder="Nombre, ciudad, género…"
          autoComplete="off"
          value={query}
          onChange={(e) => onQuery(e.target.value)}
        />
      </form>
    </div>
  );
}

/** The map's frame; `preview` while plain pictures (MapPreview) show the first view. */
export const mapFrameClass = (preview: boolean) => (preview ? 'map-frame card map-frame-preview' : 'map-frame card');

/** The loading status MapPage shows first, and the boot entry's copy with it. */
export const MAP_LOADING_STATUS = 'Cargando festivales...';

/**
 * The map page's first screen as it first draws, for the boot entry's copy (rendered at build,
 * src/boot/static-markup.tsx): the heading and a frame whose box the boot entry paints.
 */
export function MapFirstScreen() {
  return (
    <MapLayout>
      <MapHeading status={MAP_LOADING_STATUS} query="" onQuery={() => undefined} />
      <div className={mapFrameClass(true)}>
        <div className="map-preview" aria-hidden="true" />
      </div>
    </MapLayout>
  );
}
