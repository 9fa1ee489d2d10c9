import { useEffect, useId, useState } from 'react';
import { findArtists } from './editions-api';
import type { ArtistListItem } from '#core/lineup-types';

interface Props {
  label: string;
  /** A known artist chosen from the suggestions, or a new name typed and confirmed with Enter or 'Añadir'. */
  onPick: (choice: { id?: number; name: string }) => void;
  /** The button's text; without it Enter alone confirms. */
  actionLabel?: string;
  exclude?: number;
}

/** A text box suggesting artists from /api/artists as one types (WAI-ARIA combobox with a listbox). */
const NO_OPTIONS: ArtistListItem[] = [];

export function ArtistPicker({ label, onPick, actionLabel = 'Añadir', exclude }: Props) {
  const id = useId();
  const [text, setText] = useState('');
  const [found, setOptions] = useState<ArtistListItem[]>([]);
  // Nothing typed, nothing offered (the last answer is for an earlier text).
  const options = text.trim() ? found : NO_OPTIONS;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);

  useEffect(() => {
    const query = text.trim();
    if (!query) return;
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      findArtists(query, 8, controller.signal)
        .then((found) => {
          setOptions(found.filter((a) => a.id !== exclude));
          setActive(-1);
        })
        .catch(() => undefined);
    }, 150);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [text, exclude]);

  const pick = (choice: { id?: number; name: string }) => {
    if (!choice.name.trim()) return;
    onPick({ ...choice, name: choice.name.trim() });
    setText('');
    setOptions([]);
    setOpen(false);
  };
  const shown = open && options.length > 0;

  return (
    <div className="artist-picker">
      <label htmlFor={`${id}-input`} className="field-label">
        {label}
      </label>
      <div className="artist-picker-row">
        <input
          id={`${id}-input`}
          className="input"
          role="combobox"
          aria-expanded={shown}
          aria-controls={`${id}-list`}
          aria-autocomplete="list"
          aria-activedescendant={shown && active >= 0 ? `${id}-opt-${active}` : undefined}
          autoComplete="off"
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setOpen(true);
          }}
          onBlur={() => window.setTimeout(() => setOpen(false), 150)}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown' && options.length) {
              e.preventDefault();
              setOpen(true);
              setActive((i) => (i + 1) % options.length);
            } else if (e.key === 'ArrowUp' && options.length) {
              e.preventDefault();
              setActive((i) => (i <= 0 ? options.length - 1 : i - 1));
            } else if (e.key === 'Enter') {
              e.preventDefault();
              const option = shown && active >= 0 ? options[active] : undefined;
              pick(option ? { id: option.id, name: option.name } : { name: text });
            } else if (e.key === 'Escape') {
              setOpen(false);
            }
          }}
        />
        <button type="button" className="btn btn-sm" onClick={() => pick({ name: text })} disabled={!text.trim()}>
          {actionLabel}
        </button>
      </div>
      <ul
        id={`${id}-list`}
        role="listbox"
        aria-label={`Sugerencias: ${label}`}
        className="artist-picker-list"
        hidden={!shown}
      >
        {options.map((option, i) => (
          <li
            key={option.id}
            id={`${id}-opt-${i}`}
            role="option"
            aria-selected={i === active}
            className="artist-picker-option"
            onMouseDown={(e) => {
              e.preventDefault();
              pick({ id: option.id, name: option.name });
            }}
          >
            {option.name}
            {option.country ? <span className="muted"> · {option.country}</span> : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
