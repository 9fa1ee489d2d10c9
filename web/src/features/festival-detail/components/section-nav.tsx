import { useEffect, useState } from 'react';
import './section-nav.css';

export const festivalSections = [
  { id: 'informacion', label: 'Información' },
  { id: 'cartel', label: 'Cartel' },
  { id: 'ubicacion', label: 'Ubicación' },
  { id: 'galeria', label: 'Galería' },
  { id: 'comentarios', label: 'Comentarios' },
] as const;

type SectionId = (typeof festivalSections)[number]['id'];

/** The tabs of the festival page; the active one scrolls to its section. */
export function SectionNav() {
  const [active, setActive] = useState<SectionId>('informacion');

  // Follow the reader: the section nearest the top of the viewport is the active one. Sections drawn
  // later (the gallery and comments load their code after the page) are observed as they appear.
  useEffect(() => {
    if (!('IntersectionObserver' in window)) return;
    const observer = new IntersectionObserver(
      (entries) => {
        const visible = entries.filter((e) => e.isIntersecting).sort((a, b) => a.boundingClientRect.top - b.boundingClientRect.top);
        if (visible[0]) setActive(visible[0].target.id as SectionId);
      },
      { rootMargin: '-130px 0px -55% 0px' },
    );
    const observed = new WeakSet<Element>();
    const observeSections = () => {
      for (const { id } of festivalSections) {
        const element = document.getElementById(id);
        if (element && !observed.has(element)) {
          observed.add(element);
          observer.observe(element);
        }
      }
    };
    observeSections();
    const appearing = new MutationObserver(observeSections);
    appearing.observe(document.getElementById('main') ?? document.body, { childList: true, subtree: true });
    return () => {
      appearing.disconnect();
      observer.disconnect();
    };
  }, []);

  return (
    <nav className="section-nav" aria-label="Secciones del festival">
      <div className="container">
        <ul>
          {festivalSections.map((s) => (
            <li key={s.id}>
              <a
                href={`#${s.id}`}
                className="section-tab"
                aria-current={active === s.id ? 'true' : undefined}
                onClick={(event) => {
                  event.preventDefault();
                  setActive(s.id);
                  const target = document.getElementById(s.id);
                  target?.scrollIntoView({ behavior: 'smooth', block: 'start' });
                  target?.focus({ preventScroll: true });
                  // Sections above may still grow (map, gallery, comments loading): land on the target anyway.
                  window.setTimeout(() => {
                    if (target && Math.abs(target.getBoundingClientRect().top - 124) > 60) target.scrollIntoView({ block: 'start' });
                  }, 900);
                  window.history.replaceState(window.history.state, '', `#${s.id}`);
                }}
              >
                {s.label}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </nav>
  );
}
