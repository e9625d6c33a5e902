/**
 * The root element's attribute naming the address its markup was drawn for at build time
 * (`prerender.tsx`, decision 815): the browser hydrates that page's markup, and no other.
 */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';
