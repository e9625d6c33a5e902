import { useCallback, useState } from 'react';
import { readStorage, writeStorage } from '../../shared/lib/storage';

/** spec 002 §3: the remembered sidebar choice. */
export const SIDEBAR_COLLAPSED_KEY = 'isSideBarCollapsed';

function readCollapsed(): boolean {
  return readStorage(SIDEBAR_COLLAPSED_KEY) === 'true';
}

/** Whether the wide-screen sidebar is collapsed to its icon rail; the choice is remembered. */
export function useSidebarCollapsed(): [collapsed: boolean, setCollapsed: (collapsed: boolean) => void] {
  const [collapsed, setState] = useState(readCollapsed);
  const setCollapsed = useCallback((value: boolean) => {
    setState(value);
    // Not remembered when storage is unavailable; the choice still holds for this page.
    writeStorage(SIDEBAR_COLLAPSED_KEY, String(value));
  }, []);
  return [collapsed, setCollapsed];
}
