import { useRef, useState, type PointerEvent } from 'react';
import { testimonials } from '../data/testimonials';
import { useMediaQuery } from '../../../lib/use-media-query';
import '../home.css';

const GAP = 22;

/**
 * The testimonials slider: 1 slide per view, 2 from 900 px, 22 px apart, arrows, clickable dots
 * and a swipe on touch screens. Slides out of view are hidden from screen readers.
 */
export function Testimonials() {
  const wide = useMediaQuery('(min-width: 900px)');
  const perView = wide ? 2 : 1;
  const positions = testimonials.length - perView + 1;
  const [rawIndex, setIndex] = useState(0);
  const index = Math.min(rawIndex, positions - 1);
  const start = useRef<number | null>(null);

  const go = (i: number) => setIndex(((i % positions) + positions) % positions);
  const onPointerDown = (e: PointerEvent) => {
    start.current = e.clientX;
  };
  const onPointerUp = (e: PointerEvent) => {
    if (start.current === null) return;
    const dx = e.clientX - start.current;
    start.current = null;
    if (Math.abs(dx) > 40) go(index + (dx < 0 ? 1 : -1));
  };

  return (
    <section className="home-section testimonials" aria-labelledby="testimonials-title">
      <div className="section-head">
        <h2 id="testimonials-title" className="section-title">
          Çfarë thonë klientët
        </h2>
        <div className="slider-arrows">
          <button type="button" className="slider-arrow" aria-label="Dëshmia e mëparshme" onClick={() => go(index - 1)}>
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
            </svg>
          </button>
          <button type="button" className="slider-arrow" aria-label="Dëshmia tjetër" onClick={() => go(index + 1)}>
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <path d="M9 5l7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
            </svg>
          </button>
        </div>
      </div>
      <div className="slider" role="region" aria-roledescription="karusel" aria-label="Dëshmitë e klientëve">
        <div className="slider-viewport" onPointerDown={onPointerDown} onPointerUp={onPointerUp}>
          <div
            className="slider-track"
            style={{
              gap: `${GAP}px`,
              transform: `translateX(calc(${-index} * ((100% - ${(perView - 1) * GAP}px) / ${perView} + ${GAP}px)))`,
            }}
          >
            {testimonials.map((t, i) => {
              const visible = i >= index && i < index + perView;
              return (
                <div
                  key={t.author}
                  className="slide"
                  role="group"
                  style={{ flexBasis: `calc((100% - ${(perView - 1) * GAP}px) / ${perView})` }}
                  aria-roledescription="dëshmi"
                  aria-label={`${i + 1} nga ${testimonials.length}`}
                  aria-hidden={!visible}
                  data-visible={visible}
                >
                  <figure className="testimonial">
                    <span className="testimonial-tag">{t.tag}</span>
                    <blockquote>
                      <p>{t.text}</p>
                    </blockquote>
                    <figcaption>{t.author}</figcaption>
                  </figure>
                </div>
              );
            })}
          </div>
        </div>
        <div className="slider-dots">
          {Array.from({ length: positions }, (_, i) => (
            <button
              key={i}
              type="button"
              className="slider-dot"
              aria-label={`Shko te dëshmia ${i + 1}`}
              aria-current={i === index ? 'true' : undefined}
              onClick={() => go(i)}
            />
          ))}
        </div>
      </div>
    </section>
  );
}
