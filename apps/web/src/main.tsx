import './styles/global.css';

/**
 * The entry: the style sheet, then the app (start.tsx). A page the server rendered is readable
 * from its HTML alone, so the app's code is asked for only once the page's largest picture is on
 * screen (at most MAX_WAIT_MS later): on a slow phone network the picture and the text get the
 * bandwidth first, and the page becomes interactive right after. A page the browser renders
 * starts at once.
 */
const MAX_WAIT_MS = 1500;

/** The picture the server marked as the page's largest: preloaded (the hero's poster) or fetched first. */
function firstPicture(): string | undefined {
  return (
    document.querySelector<HTMLLinkElement>('link[rel="preload"][as="image"]')?.href ??
    document.querySelector<HTMLImageElement>('img[fetchpriority="high"]')?.src
  );
}

/** Resolves after the picture is decoded and the next frame has been painted. */
async function painted(src: string): Promise<void> {
  const img = new Image();
  img.src = src;
  await img.decode().catch(() => undefined);
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

const picture = document.getElementById('shop-data') ? firstPicture() : undefined;
const ready = picture ? Promise.race([painted(picture), new Promise((resolve) => setTimeout(resolve, MAX_WAIT_MS))]) : Promise.resolve();
void ready.then(() => import('./start'));
