import './festival-card.css';

/** 12 placeholder cards, 6 of them shown on mobile (CSS, so nothing shifts). */
export function FestivalGridSkeleton({ count = 12 }: { count?: number }) {
  return (
    <div className="festival-grid skeleton-grid" aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="skeleton-card">
          <div className="skeleton skeleton-media" />
          <div className="skeleton-lines">
            <div className="skeleton skeleton-line" style={{ width: '70%', height: 20 }} />
            <div className="skeleton skeleton-line" style={{ width: '50%' }} />
            <div className="skeleton skeleton-line" style={{ width: '60%' }} />
            <div className="skeleton skeleton-line" style={{ width: '40%' }} />
          </div>
        </div>
      ))}
    </div>
  );
}
