import { formatDate, todayIso } from '#core/dates';
import legalNotice from '../content/legal-notice.md?raw';
import { textSections } from '../markdown/sections';
import { StaticMarkdown } from './static-markdown';
import './static-pages.css';

const { intro, sections } = textSections(legalNotice);

/** 'Aviso Legal': six sections, today's date as last update, owner placeholders, legal mailbox and AEPD links. */
export function LegalNoticePage() {
  return (
    <div className="page">
      <div className="container sp-prose">
        <h1 className="page-title">Aviso Legal</h1>
        <p className="sp-updated">
          Última actualización: <time dateTime={todayIso()}>{formatDate(todayIso())}</time>
        </p>
        <StaticMarkdown>{intro}</StaticMarkdown>

        <nav className="card legal-toc" aria-label="Contenido del aviso legal">
          <strong>Contenido</strong>
          <ol>
            {sections.map((s) => (
              <li key={s.id}>
                <a href={`#${s.id}`}>{s.title}</a>
              </li>
            ))}
          </ol>
        </nav>

        {sections.map((s, index) => (
          <section key={s.id} id={s.id} className="card legal-section" aria-labelledby={`${s.id}-title`}>
            <h2 id={`${s.id}-title`}>
              <span className="num">{index + 1}.</span> {s.title}
            </h2>
            <StaticMarkdown>{s.body}</StaticMarkdown>
          </section>
        ))}
      </div>
    </div>
  );
}
