import { operations, type FilterValue } from '@maya/contracts';

/** A filter value as a string key (checkbox and chip values are strings; null is a value too). */
export function valueKey(value: FilterValue): string {
  return JSON.stringify(value);
}

/** Adds or removes `value` from a selection, keeping the order values were chosen in. */
export function toggleValue(values: readonly FilterValue[], value: FilterValue, on: boolean): FilterValue[] {
  const key = valueKey(value);
  const without = values.filter((v) => valueKey(v) !== key);
  return on ? [...without, value] : without;
}

/** Whether a scrolled list is within the infinite-scroll margin of its end (spec 002 §4, 10 px). */
export function nearEnd(element: Pick<HTMLElement, 'scrollTop' | 'clientHeight' | 'scrollHeight'>): boolean {
  return element.scrollTop + element.clientHeight >= element.scrollHeight - operations.infiniteScrollMarginPx;
}
