import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { connectedState, sourcesPath } from '../navigation';

/**
 * Goes to the sources list. Given the name of the service just connected, the list shows the
 * '{service} connected succesfully.' toast.
 */
export function useGoToSources(slug: string): (connectedService?: string) => void {
  const navigate = useNavigate();
  return useCallback(
    (connectedService?: string) =>
      void navigate(
        sourcesPath(slug),
        connectedService === undefined ? undefined : { state: connectedState(connectedService) },
      ),
    [navigate, slug],
  );
}
