import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { organizationPath } from '../../organizations';

/** spec 002 Destination wizard: after the managed choice or Finish, the organization's sources. */
export function useGoToSources(slug: string): () => void {
  const navigate = useNavigate();
  return useCallback(() => void navigate(organizationPath(slug, 'sources')), [navigate, slug]);
}
