/** The hero's clip and its poster (the poster is what paints first, and largest, on /). */
export const HERO_POSTER = '/video/hero-poster.webp';
