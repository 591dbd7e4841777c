import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Hero } from './hero';
import { Testimonials } from './testimonials';
import { taglines } from '../data/taglines';
import { testimonials } from '../data/testimonials';

// jsdom has no media playback.
beforeEach(() => {
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue();
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('hero', () => {
  it('rotates the five taglines every 5 s, in order, then wraps', () => {
    vi.useFakeTimers();
    render(<Hero />);
    expect(taglines).toHaveLength(5);
    const tagline = screen.getByTestId('hero-tagline');
    expect(tagline).toHaveTextContent(taglines[0]!);
    act(() => vi.advanceTimersByTime(4999));
    expect(tagline).toHaveTextContent(taglines[0]!);
    for (let i = 1; i <= 5; i++) {
      act(() => vi.advanceTimersByTime(i === 1 ? 1 : 5000));
      expect(tagline).toHaveTextContent(taglines[i % 5]!);
    }
    expect(screen.getByRole('link', { name: /Shiko produktet/ })).toHaveAttribute('href', '#produktet');
  });

  it('has a muted, looping video with a poster that does not preload, started after load', () => {
    vi.useFakeTimers();
    render(<Hero />);
    expect(HTMLMediaElement.prototype.play).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(300));
    const video = document.querySelector('video')!;
    expect(video.muted).toBe(true);
    expect(video.loop).toBe(true);
    expect(video.getAttribute('poster')).toBe('/video/hero-poster.webp');
    expect(video.getAttribute('preload')).toBe('none');
    expect(HTMLMediaElement.prototype.play).toHaveBeenCalled();
  });

  it('does not play the video for visitors who ask for reduced motion', () => {
    vi.stubGlobal('matchMedia', (q: string) => ({
      matches: q.includes('reduce'),
      addEventListener() {},
      removeEventListener() {},
    }));
    vi.useFakeTimers();
    try {
      render(<Hero />);
      act(() => vi.advanceTimersByTime(1000));
      expect(HTMLMediaElement.prototype.play).not.toHaveBeenCalled();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('pauses and resumes the motion with its button', async () => {
    const user = userEvent.setup();
    render(<Hero />);
    await user.click(screen.getByRole('button', { name: 'Ndalo animacionin' }));
    expect(HTMLMediaElement.prototype.pause).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Vazhdo animacionin' })).toHaveAttribute('aria-pressed', 'true');
  });
});

describe('testimonials slider', () => {
  it('shows one quote per view with arrows and clickable dots', async () => {
    const user = userEvent.setup();
    render(<Testimonials />);
    expect(testimonials).toHaveLength(4);
    const dots = screen.getAllByRole('button', { name: /Shko te dëshmia/ });
    expect(dots).toHaveLength(4);
    const slides = screen.getAllByRole('group', { hidden: true });
    expect(slides).toHaveLength(4);
    const visible = () => slides.map((s) => s.getAttribute('aria-hidden') === 'false');
    expect(visible()).toEqual([true, false, false, false]);
    await user.click(screen.getByRole('button', { name: 'Dëshmia tjetër' }));
    expect(visible()).toEqual([false, true, false, false]);
    await user.click(dots[3]!);
    expect(visible()).toEqual([false, false, false, true]);
    expect(dots[3]).toHaveAttribute('aria-current', 'true');
    await user.click(screen.getByRole('button', { name: 'Dëshmia tjetër' }));
    expect(visible()).toEqual([true, false, false, false]);
    await user.click(screen.getByRole('button', { name: 'Dëshmia e mëparshme' }));
    expect(visible()).toEqual([false, false, false, true]);
    for (const t of testimonials) {
      expect(screen.getByText(t.text)).toBeInTheDocument();
      expect(screen.getByText(t.author)).toBeInTheDocument();
      expect(screen.getByText(t.tag)).toBeInTheDocument();
    }
  });
});
