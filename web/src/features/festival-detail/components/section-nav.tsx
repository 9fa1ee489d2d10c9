import { useEffect, useRef, useState } from 'react';
import './section-nav.css';

export const festivalSections = [
  { id: 'informacion', label: 'Información' },
  { id: 'cartel', label: 'Cartel' },
  { id: 'antes-de-ir', label: 'Antes de ir' },
  { id: 'ubicacion', label: 'Ubicación' },
  { id: 'galeria', label: 'Galería' },
  { id: 'comentarios', label: 'Comentarios' },
] as const;

type SectionId = (typeof festivalSections)[number]['id'];

/** The tabs of the festival page; the active one scrolls to its section. */
export function SectionNav() {
  const [active, setActive] = useState<SectionId>('informacion');
  // A tab just chosen stays the active one while the page scrolls to it, until the reader scrolls
  // on their own: at the foot of the page the last sections share the top band, and the scroll
  // passing over the others would otherwise leave whichever the observer reported last.
  const chosen = useRef(false);

  // Follow the reader: the first section, in page order, in the band near the top of the viewport is
  // the active one. Sections drawn later (the gallery and comments load their code after the page)
  // are observed as they appear.
  useEffect(() => {
    if (!('IntersectionObserver' in window)) return;
    const inBand = new Map<string, boolean>();
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) inBand.set(entry.target.id, entry.isIntersecting);
        if (chosen.current) return;
        const first = festivalSections.find((section) => inBand.get(section.id));
        if (first) setActive(first.id);
      },
      { rootMargin: '-130px 0px -55% 0px' },
    );
    const readerScrolls = () => {
      chosen.current = false;
    };
    const intents = ['wheel', 'touchstart', 'pointerdown', 'keydown'] as const;
    for (const intent of intents) window.addEventListener(intent, readerScrolls, { passive: true });
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
      for (const intent of intents) window.removeEventListener(intent, readerScrolls);
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
                  chosen.current = true;
                  setActive(s.id);
                  const target = document.getElementById(s.id);
                  target?.scrollIntoView({ behavior: 'smooth', block: 'start' });
                  target?.focus({ preventScroll: true });
                  // Sections above may still grow (map, gallery, comments loading): land on the target anyway.
                  window.setTimeout(() => {
                    if (target && Math.abs(target.getBoundingClientRect().top - 124) > 60)
                      target.scrollIntoView({ block: 'start' });
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
