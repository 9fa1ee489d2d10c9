import { accessibilityLines, conditionLines, type FactLine } from '#core/trip-facts';
import type { FestivalDetail } from '../api/festival';
import { FactCorrectionButton } from './fact-correction';
import { FactSourceLine } from './fact-source';
import './trip-facts-section.css';

function Facts({ lines }: { lines: FactLine[] }) {
  return (
    <dl className="trip-facts">
      {lines.map((line) => (
        <div key={line.label} className="trip-fact">
          <dt>{line.label}</dt>
          <dd className={line.value === null ? 'muted' : undefined}>
            {line.href && line.hrefText === line.value ? (
              // The value is the link itself (a contact).
              <a href={line.href}>{line.value}</a>
            ) : (
              <>
                {line.value ?? 'Sin confirmar'}
                {line.href ? (
                  <>
                    {line.value ? ' · ' : null}
                    <a href={line.href} target="_blank" rel="noopener nofollow">
                      {line.hrefText}
                    </a>
                  </>
                ) : null}
              </>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * 'Antes de ir': the current edition's rules at the gate and its accessibility, each fact said or
 * 'Sin confirmar' (never guessed), each group with where it comes from and when it was checked.
 */
export function TripFactsSection({ festival }: { festival: FestivalDetail }) {
  const conditions = festival.conditions ?? null;
  const accessibility = festival.accessibility ?? null;
  const year = festival.edition?.year;
  return (
    <section id="antes-de-ir" className="detail-section" tabIndex={-1} aria-labelledby="antes-de-ir-title">
      <h2 id="antes-de-ir-title" className="section-title">
        Antes de ir
      </h2>
      <div className="trip-facts-layout">
        <section className="card trip-facts-card" aria-labelledby="condiciones-title">
          <h3 id="condiciones-title">Condiciones de acceso{year ? ` ${year}` : ''}</h3>
          <Facts lines={conditionLines(conditions)} />
          {conditions?.notes ? <p className="trip-facts-notes">{conditions.notes}</p> : null}
          <FactSourceLine source={conditions} />
        </section>
        <section className="card trip-facts-card" aria-labelledby="accesibilidad-title">
          <h3 id="accesibilidad-title">Accesibilidad{year ? ` ${year}` : ''}</h3>
          <Facts lines={accessibilityLines(accessibility)} />
          {accessibility?.notes ? <p className="trip-facts-notes">{accessibility.notes}</p> : null}
          <FactSourceLine source={accessibility} />
        </section>
      </div>
      {festival.edition ? <FactCorrectionButton festivalId={festival.id} /> : null}
    </section>
  );
}
