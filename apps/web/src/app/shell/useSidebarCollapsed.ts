import { useCallback, useState } from 'react';

/** spec 002 §3: the remembered sidebar choice. */
export const SIDEBAR_COLLAPSED_KEY = 'isSideBarCollapsed';

function readCollapsed(): boolean {
  try {
    return window.localStorage.getItem(SIDEBAR_COLLAPSED_KEY) === 'true';
  } catch {
    return false;
  }
}

/** Whether the wide-screen sidebar is collapsed to its icon rail; the choice is remembered. */
export function useSidebarCollapsed(): [collapsed: boolean, setCollapsed: (collapsed: boolean) => void] {
  const [collapsed, setState] = useState(readCollapsed);
  const setCollapsed = useCallback((value: boolean) => {
    setState(value);
    try {
      window.localStorage.setItem(SIDEBAR_COLLAPSED_KEY, String(value));
    } catch {
      // Not remembered; the choice still holds for this page.
    }
  }, []);
  return [collapsed, setCollapsed];
}
