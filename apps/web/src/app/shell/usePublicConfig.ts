import { useQuery } from '@tanstack/react-query';
import { loadPublicConfig } from '../../shared/api/config';

/** Query keys of the shell. */
export const shellKeys = {
  config: () => ['public-config'] as const,
};

/** GET /data/config.json (documentation and legal addresses); loaded once per page. */
export function usePublicConfig() {
  return useQuery({ queryKey: shellKeys.config(), queryFn: () => loadPublicConfig(), staleTime: Infinity });
}
