import { Link } from '../../../lib/router';
import { services } from '../data/services';
import '../services.css';

/** The five service cards with their 'Me shume' links (home section and /sherbimet). */
export function ServicesOverview({ heading, cardHeadingLevel = 3 }: { heading?: string; cardHeadingLevel?: 2 | 3 }) {
  const Card = cardHeadingLevel === 2 ? 'h2' : 'h3';
  return (
    <section
      className="services-overview"
      aria-labelledby={heading ? 'services-title' : undefined}
      aria-label={heading ? undefined : 'Shërbimet'}
    >
      {heading && (
        <h2 id="services-title" className="section-title">
          {heading}
        </h2>
      )}
      <ul className="service-cards">
        {services.map((s) => (
          <li key={s.slug} className="service-card">
            <img src={s.icon} alt="" width={56} height={56} loading="lazy" decoding="async" />
            <Card className="service-title">{s.title}</Card>
            <p>{s.description}</p>
            <Link to={`/sherbimet/${s.slug}`} className="service-more" aria-label={`Me shume: ${s.title}`}>
              Me shume
              <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
                <path d="M5 12h14m0 0-6-6m6 6-6 6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
