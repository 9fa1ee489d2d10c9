import { useId, useState } from 'react';
import { StarIcon } from 'lucide-react';

/** A 1-5 star choice built on radio buttons, so arrows and screen readers work as expected. */
export function StarInput({
  value,
  onChange,
  invalid,
  describedBy,
}: {
  value: number;
  onChange: (n: number) => void;
  invalid?: boolean;
  describedBy?: string;
}) {
  const name = useId();
  const [hover, setHover] = useState(0);
  const shown = hover || value;
  return (
    <fieldset
      className="star-input"
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      onMouseLeave={() => setHover(0)}
    >
      <legend className="field-label">Tu puntuación</legend>
      <div className="star-input-row">
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} className="star-input-option" onMouseEnter={() => setHover(n)}>
            <input
              type="radio"
              name={name}
              value={n}
              checked={value === n}
              onChange={() => onChange(n)}
              className="visually-hidden"
            />
            <StarIcon fill={n <= shown ? 'currentColor' : 'none'} className={n <= shown ? 'icon is-on' : 'icon'} />
            <span className="visually-hidden">
              {n} {n === 1 ? 'estrella' : 'estrellas'}
            </span>
          </label>
        ))}
        <span className="star-input-value" aria-hidden="true">
          {value ? `${value}/5` : ''}
        </span>
      </div>
    </fieldset>
  );
}
