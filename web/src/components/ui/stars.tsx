import { SpriteIcon } from './sprite-icon';
import './stars.css';

/** Five stars with the rounded value filled; decorative, pair with text. */
export function Stars({ value, className }: { value: number; className?: string }) {
  const filled = Math.round(value);
  return (
    <span className={className ? `stars ${className}` : 'stars'} aria-hidden="true">
      {[1, 2, 3, 4, 5].map((n) => (
        <SpriteIcon
          key={n}
          name="star"
          className={n <= filled ? 'icon star-full' : 'icon star-empty'}
          fill={n <= filled ? 'currentColor' : 'none'}
        />
      ))}
    </span>
  );
}

/** One decimal, Spanish style ('4,5' reads wrong next to the gallery's 'x.x/5' badge, so a dot is kept). */
export function formatRating(value: number): string {
  return value.toFixed(1);
}
