import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { formatDate, todayIso } from '#core/dates';
import privacy from '../content/privacy.md?raw';
import { textSections } from '../markdown/sections';
import { StaticMarkdown } from './static-markdown';
import './static-pages.css';
import './privacy-page.css';

/** The privacy policy: ten sections, one shown at a time, overview first. */
const { sections } = textSections(privacy);

function sectionFromHash(): number {
  const id = window.location.hash.slice(1);
  const index = sections.findIndex((s) => s.id === id);
  return index >= 0 ? index : 0;
}

export function PrivacyPage() {
  const [active, setActive] = useState(sectionFromHash);
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const panel = useRef<HTMLElement>(null);

  useEffect(() => {
    const onHash = () => setActive(sectionFromHash());
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);

  const select = useCallback((index: number, focusTab = false) => {
    setActive(index);
    window.history.replaceState(window.history.state, '', `#${sections[index].id}`);
    if (focusTab) tabs.current[index]?.focus();
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = sections.length - 1;
    const next =
      event.key === 'ArrowDown' || event.key === 'ArrowRight'
        ? (index + 1) % sections.length
        : event.key === 'ArrowUp' || event.key === 'ArrowLeft'
          ? (index - 1 + sections.length) % sections.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : -1;
    if (next < 0) return;
    event.preventDefault();
    select(next, true);
  };

  const goTo = (index: number) => {
    select(index);
    panel.current?.focus({ preventScroll: true });
    panel.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  };

  const section = sections[active];
  return (
    <div className="page">
      <div className="container">
        <h1 className="page-title">Política de Privacidad</h1>
        <p className="sp-updated">
          Última actualización: <time dateTime={todayIso()}>{formatDate(todayIso())}</time>
        </p>
        <div className="privacy-layout">
          <div
            className="card privacy-nav"
            role="tablist"
            aria-orientation="vertical"
            aria-label="Apartados de la política de privacidad"
          >
            {sections.map((s, i) => (
              <button
                key={s.id}
                ref={(el) => {
                  tabs.current[i] = el;
                }}
                id={`privacy-tab-${s.id}`}
                type="button"
                role="tab"
                aria-selected={i === active}
                aria-controls="privacy-panel"
                tabIndex={i === active ? 0 : -1}
                onClick={() => {
                  select(i);
                  // Under the sidebar on narrow screens: bring the chosen section into view.
                  if (window.matchMedia('(max-width: 900px)').matches)
                    panel.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
                }}
                onKeyDown={(e) => onKeyDown(e, i)}
              >
                <span className="num" aria-hidden="true">
                  {i + 1}
                </span>
                {s.title}
              </button>
            ))}
          </div>
          <section
            ref={panel}
            id="privacy-panel"
            className="card privacy-panel sp-prose"
            role="tabpanel"
            aria-labelledby={`privacy-tab-${section.id}`}
            tabIndex={0}
            style={{ scrollMarginTop: 'calc(var(--header-height) + 16px)' }}
          >
            <h2>{section.title}</h2>
            <StaticMarkdown>{section.body}</StaticMarkdown>
            <div className="privacy-pager">
              {active > 0 ? (
                <button type="button" className="btn btn-sm" onClick={() => goTo(active - 1)}>
                  ← {sections[active - 1].title}
                </button>
              ) : (
                <span />
              )}
              {active < sections.length - 1 && (
                <button type="button" className="btn btn-sm" onClick={() => goTo(active + 1)}>
                  {sections[active + 1].title} →
                </button>
              )}
            </div>
          </section>
        </div>
      </div>
    </div>
  );
}
