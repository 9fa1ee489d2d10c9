import { useState } from 'react';
import './avatar.css';

/** The user's picture, or their initial when there is none (or it fails to load). */
export function Avatar({ name, url, large = false }: { name: string; url?: string | null; large?: boolean }) {
  const [failed, setFailed] = useState(false);
  const className = large ? 'avatar avatar-lg' : 'avatar';
  if (url && !failed) {
    return (
      <img
        className={className}
        src={url}
        alt=""
        width={large ? 44 : 32}
        height={large ? 44 : 32}
        referrerPolicy="no-referrer"
        onError={() => setFailed(true)}
      />
    );
  }
  return (
    <span className={className} aria-hidden="true">
      {(name.trim()[0] ?? '?').toUpperCase()}
    </span>
  );
}
