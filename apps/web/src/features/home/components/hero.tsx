import { useEffect, useRef, useState } from 'react';
import { nextTagline, TAGLINE_INTERVAL_MS, taglines } from '../data/taglines';
import { useMediaQuery } from '../../../lib/use-media-query';
import { HERO_POSTER } from '../data/hero-media';
import '../home.css';

/**
 * The hero: headline, a looping muted video (poster first, so the poster is what paints; the video
 * does not play for visitors who ask for reduced motion), the rotating tagline and a button to
 * the product list.
 */
export function Hero() {
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const [paused, setPaused] = useState(false);
  const [index, setIndex] = useState(0);
  const video = useRef<HTMLVideoElement>(null);
  const moving = !reducedMotion && !paused;

  useEffect(() => {
    if (paused) return;
    const t = setInterval(() => setIndex((i) => nextTagline(i)), TAGLINE_INTERVAL_MS);
    return () => clearInterval(t);
  }, [paused]);

  useEffect(() => {
    const v = video.current;
    if (!v) return;
    if (!moving) {
      v.pause();
      return;
    }
    v.muted = true;
    // Start once the page has loaded, so the clip never competes with the poster and the
    // first content. Autoplay can be refused (data saver, policies): the poster then stays.
    const start = () => void v.play()?.catch(() => {});
    if (document.readyState === 'complete') {
      const t = setTimeout(start, 300);
      return () => clearTimeout(t);
    }
    window.addEventListener('load', start, { once: true });
    return () => window.removeEventListener('load', start);
  }, [moving]);

  return (
    <section className="hero" aria-labelledby="hero-title">
      <video
        ref={video}
        className="hero-video"
        poster={HERO_POSTER}
        muted
        loop
        playsInline
        preload="none"
        width={1280}
        height={720}
        aria-hidden="true"
        tabIndex={-1}
      >
        <source src="/video/hero.webm" type="video/webm" />
        <source src="/video/hero.mp4" type="video/mp4" />
      </video>
      <div className="hero-shade" />
      <div className="hero-inner">
        <p className="hero-kicker">MobileShop KS · Prishtinë</p>
        <h1 id="hero-title">Teknologjia që të përshtatet, me garanci dhe servis në një vend</h1>
        <p className="hero-tagline" data-testid="hero-tagline">
          <span key={index}>{taglines[index]}</span>
        </p>
        <div className="hero-actions">
          <a href="#produktet" className="btn btn-primary btn-lg">
            Shiko produktet
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
              <path d="M12 5v14m0 0-6-6m6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </a>
        </div>
      </div>
      <button
        type="button"
        className="hero-pause"
        onClick={() => setPaused((p) => !p)}
        aria-pressed={paused}
        aria-label={paused ? 'Vazhdo animacionin' : 'Ndalo animacionin'}
      >
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          {paused ? <path d="M8 5v14l11-7z" fill="currentColor" /> : <path d="M7 5h3v14H7zM14 5h3v14h-3z" fill="currentColor" />}
        </svg>
      </button>
    </section>
  );
}
