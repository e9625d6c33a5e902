import { PRODUCT_NAME } from '@maya/contracts';
import { useEffect } from 'react';

/** `Sign In` → `Sign In - Maya` (spec 000 §2: a page title followed by the product name). */
export function formatDocumentTitle(title: string | null): string {
  return title === null ? PRODUCT_NAME : `${title} - ${PRODUCT_NAME}`;
}

export function useDocumentTitle(title: string | null): void {
  useEffect(() => {
    document.title = formatDocumentTitle(title);
  }, [title]);
}
