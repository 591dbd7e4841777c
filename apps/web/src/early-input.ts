/**
 * What a visitor does on a server-rendered page before the app is live (issue 26). The page is
 * painted from its HTML well before the app has hydrated it (main.tsx waits for the first picture,
 * then loads and hydrates the app in slices); a press in that moment would do nothing, or worse
 * change what is shown without the page following (a sort chosen while the list stays as it was).
 *
 * So, until `html[data-app-ready]` (set once the page itself is rendered or hydrated, app-layout.tsx):
 * - a press of a button, a checkbox or a radio is held (the browser's own effect is stopped) and
 *   pressed again, on the same element, once the app is live; hydration keeps the server's
 *   elements, so the press lands where the visitor made it;
 * - a choice in a list (<select>) and text typed into a field are given to the app again as the
 *   app's own change events, so its state follows what the field shows;
 * - a form submitted without a button (Enter in a field) is submitted again.
 * A form that names where it goes (`action`: the login, the repair tracking, the catalogue's sort
 * and filters) is submitted by the browser as it is: the server answers it (apps/api
 * routes/page-forms.ts, the catalogue's address), so it works at once; the add-to-cart form, whose
 * action only says that the cart needs JavaScript, asks to be held (`data-hold-early`).
 * Links are left alone too: they load the page they name.
 */
const held: (() => void)[] = [];
const typed = new Map<HTMLInputElement | HTMLTextAreaElement, string>();
const root = document.documentElement;
const live = () => root.dataset.appReady !== undefined;
const types = ['click', 'submit', 'change', 'input'];

/**
 * Gives a field's value to React as the browser would: set past React's tracker (which first
 * records another value), so the change event that follows is seen as a change.
 */
function replayValue(el: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement, value: string, type: string) {
  if (!el.isConnected) return;
  el.value = value === '' ? ' ' : '';
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(el) as object, 'value')?.set?.call(el, value);
  el.dispatchEvent(new Event(type, { bubbles: true }));
}

function hold(e: Event) {
  const el = e.target;
  if (live() || !(el instanceof Element)) return;
  // A form the server answers (it names where it goes), unless it asks to be held.
  const native = el.closest('form[action]:not([data-hold-early])') !== null;
  let replay: (() => void) | undefined;
  if (e.type === 'click') {
    const control = el.closest<HTMLInputElement>('button,input[type=checkbox],input[type=radio],input[type=submit]');
    // A form's button sends it as it is; a box or a choice is always the app's (its state must follow).
    if (!control || control.disabled || (native && !/checkbox|radio/.test(control.type))) return;
    replay = () => control.isConnected && control.click();
  } else if (e.type === 'submit') {
    if (native) return;
    replay = () => el.isConnected && (el as HTMLFormElement).requestSubmit();
  } else if (e.type === 'change' && el instanceof HTMLSelectElement) {
    const value = el.value;
    held.push(() => replayValue(el, value, 'change'));
    return;
  } else if (
    e.type === 'input' &&
    (el instanceof HTMLTextAreaElement || (el instanceof HTMLInputElement && !/checkbox|radio|file/.test(el.type)))
  ) {
    if (!typed.has(el)) held.push(() => replayValue(el, typed.get(el) ?? el.value, 'input'));
    typed.set(el, el.value);
    return;
  } else return;
  e.preventDefault();
  e.stopImmediatePropagation();
  held.push(replay);
}

/**
 * Applies what was held, in the order it was done, once the page is live: one at a time, each in
 * a task of its own, so React has rendered what one changed (typed text) before the next (a
 * press) reads it.
 */
async function release() {
  observer.disconnect();
  for (const type of types) document.removeEventListener(type, hold, true);
  for (const replay of held.splice(0)) {
    replay();
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  typed.clear();
}

const observer = new MutationObserver(() => live() && void release());

/** Starts holding, on a page the server rendered (a page the browser renders has nothing to press before it is live). */
export function holdEarlyInput(): void {
  if (!document.getElementById('shop-data') || live()) return;
  for (const type of types) document.addEventListener(type, hold, true);
  observer.observe(root, { attributes: true, attributeFilter: ['data-app-ready'] });
}
