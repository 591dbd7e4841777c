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
type Replay = () => void;

const held: Replay[] = [];
const typed = new Map<HTMLInputElement | HTMLTextAreaElement, string>();
const root = document.documentElement;
const live = () => root.dataset.appReady !== undefined;
/** A form the server answers (it names where it goes), unless it asks to be held (the add-to-cart button's). */
const native = (el: Element) => el.closest('form[action]:not([data-hold-early])') !== null;

/** Sets a field's value so that React's change tracking sees a change, then tells it as the browser would. */
function replayValue(el: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement, value: string, event: 'input' | 'change') {
  if (!el.isConnected) return;
  if (el instanceof HTMLSelectElement) {
    // React reads a list's choice on every change event.
    el.value = value;
    el.dispatchEvent(new Event(event, { bubbles: true }));
    return;
  }
  const proto = Object.getPrototypeOf(el) as object;
  const setValue = Object.getOwnPropertyDescriptor(proto, 'value')?.set;
  // Through the element's own property first (React's tracker records it), then past it: the
  // tracker and the field now differ, as after the visitor's own typing.
  el.value = value === '' ? ' ' : '';
  if (setValue) setValue.call(el, value);
  else el.value = value;
  el.dispatchEvent(new Event(event, { bubbles: true }));
}

function onClick(e: MouseEvent) {
  if (live() || !(e.target instanceof Element)) return;
  const control = e.target.closest<HTMLElement>('button, input[type="checkbox"], input[type="radio"], input[type="submit"]');
  if (!control || (control as HTMLButtonElement).disabled) return;
  // A form's button sends it as it is; a box or a choice is always the app's (its state must follow).
  const box = control instanceof HTMLInputElement && (control.type === 'checkbox' || control.type === 'radio');
  if (!box && native(control)) return;
  e.preventDefault();
  e.stopImmediatePropagation();
  held.push(() => {
    if (control.isConnected) control.click();
  });
}

function onSubmit(e: SubmitEvent) {
  if (live() || !(e.target instanceof HTMLFormElement) || native(e.target)) return;
  const form = e.target;
  e.preventDefault();
  e.stopImmediatePropagation();
  held.push(() => {
    if (form.isConnected) form.requestSubmit();
  });
}

function onChange(e: Event) {
  if (live()) return;
  const el = e.target;
  if (el instanceof HTMLSelectElement) {
    const value = el.value;
    held.push(() => replayValue(el, value, 'change'));
  }
}

function onInput(e: Event) {
  if (live()) return;
  const el = e.target;
  const text =
    el instanceof HTMLTextAreaElement || (el instanceof HTMLInputElement && !['checkbox', 'radio', 'file'].includes(el.type)) ? el : null;
  if (!text) return;
  if (!typed.has(text)) held.push(() => replayValue(text, typed.get(text) ?? text.value, 'input'));
  typed.set(text, text.value);
}

/**
 * Applies what was held, in the order it was done, once the app is live: one at a time, each in a
 * task of its own, so React has rendered what one changed (typed text) before the next (a press)
 * reads it.
 */
async function release() {
  observer.disconnect();
  for (const type of ['click', 'submit', 'change', 'input'] as const) document.removeEventListener(type, listeners[type], true);
  for (const replay of held.splice(0)) {
    replay();
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  typed.clear();
}

const listeners = { click: onClick, submit: onSubmit, change: onChange, input: onInput } as Record<
  'click' | 'submit' | 'change' | 'input',
  (e: Event) => void
>;
const observer = new MutationObserver(() => {
  if (live()) void release();
});

/** Starts holding, on a page the server rendered (a page the browser renders has nothing to press before it is live). */
export function holdEarlyInput(): void {
  if (!document.getElementById('shop-data') || live()) return;
  for (const type of ['click', 'submit', 'change', 'input'] as const) document.addEventListener(type, listeners[type], true);
  observer.observe(root, { attributes: true, attributeFilter: ['data-app-ready'] });
}
