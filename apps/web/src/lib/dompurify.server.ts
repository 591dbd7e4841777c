/**
 * DOMPurify for the server's renderer (the SSR build puts it in place of 'dompurify'): the same
 * library and settings as in the browser, over a jsdom window, so a blog post's HTML is cleaned
 * the same way on both sides.
 */
import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';

const DOMPurify = createDOMPurify(new JSDOM('').window as unknown as Window & typeof globalThis);
export default DOMPurify;
