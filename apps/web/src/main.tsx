import './styles/global.css';
import { holdEarlyInput } from './early-input';

/**
 * The entry: the style sheet, then the app (start.tsx). A page the server rendered is readable
 * from its HTML alone, so the app's code is asked for only once the page's largest picture is on
 * screen (at most MAX_WAIT_MS later): on a slow phone network the picture and the text get the
 * bandwidth first, and the page becomes interactive right after. A page the browser renders
 * starts at once.
 */
const MAX_WAIT_MS = 1500;

/**
 * The picture the server marked as the page's largest: preloaded (the hero's poster, which has no
 * <img>) or, in the page, fetched first (a product's or the first card's image).
 */
function firstPicture(): HTMLImageElement | string | undefined {
  return (
    document.querySelector<HTMLLinkElement>('link[rel="preload"][as="image"]')?.href ??
    document.querySelector<HTMLImageElement>('img[fetchpriority="high"]') ??
    undefined
  );
}

/** Resolves once `img` has loaded (or failed). */
const loaded = (img: HTMLImageElement) =>
  img.complete
    ? Promise.resolve()
    : new Promise<void>((resolve) => {
        img.addEventListener('load', () => resolve(), { once: true });
        img.addEventListener('error', () => resolve(), { once: true });
      });

/**
 * Resolves after the picture is in and the next frame has been painted. An image of the page is
 * awaited as it is: decoding a second copy with `decode()` would, for an SVG (the seeded
 * products' pictures), render it once more on the main thread, a long task of its own on a slow
 * phone (decision 031). A preloaded picture is decoded (a raster one off the main thread).
 */
async function painted(picture: HTMLImageElement | string): Promise<void> {
  if (typeof picture === 'string') {
    const img = new Image();
    img.src = picture;
    await img.decode().catch(() => undefined);
  } else {
    await loaded(picture);
  }
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

// A press before the app is live is kept and applied once it is (issue 26).
holdEarlyInput();
const picture = document.getElementById('shop-data') ? firstPicture() : undefined;
const ready = picture ? Promise.race([painted(picture), new Promise((resolve) => setTimeout(resolve, MAX_WAIT_MS))]) : Promise.resolve();
void ready.then(() => import('./start'));
