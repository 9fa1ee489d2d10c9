import { useState } from 'react';
import { StarIcon } from 'lucide-react';
import './vote-stars.css';

/** Five buttons to vote 1-5 (whole numbers); the chosen star pulses for 1200 ms. */
export function VoteStars({
  value,
  disabled,
  onVote,
}: {
  value: number | null;
  disabled?: boolean;
  onVote: (rating: number) => void;
}) {
  const [hover, setHover] = useState(0);
  const [pulse, setPulse] = useState(0);
  const shown = hover || value || 0;
  return (
    <div className="vote-stars" role="group" aria-label="Vota esta foto" onMouseLeave={() => setHover(0)}>
      {[1, 2, 3, 4, 5].map((n) => (
        <button
          key={n}
          type="button"
          className={n === pulse ? 'vote-star is-pulsing' : 'vote-star'}
          aria-label={`${n} ${n === 1 ? 'estrella' : 'estrellas'}`}
          aria-pressed={value === n}
          disabled={disabled}
          onMouseEnter={() => setHover(n)}
          onFocus={() => setHover(n)}
          onBlur={() => setHover(0)}
          onClick={() => {
            setPulse(n);
            window.setTimeout(() => setPulse(0), 1200);
            onVote(n);
          }}
        >
          <StarIcon className="icon" fill={n <= shown ? 'currentColor' : 'none'} />
        </button>
      ))}
    </div>
  );
}
