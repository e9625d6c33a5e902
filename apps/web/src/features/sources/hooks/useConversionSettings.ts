import { useQuery } from '@tanstack/react-query';
import { getConversionSettings } from '../api/conversionSettings';
import { sourcesKeys } from '../api/keys';

/** GET /services/{id}/conversion_settings, while `enabled` (the dialog is open). */
export function useConversionSettings(organizationId: string, serviceId: string, enabled: boolean) {
  return useQuery({
    queryKey: sourcesKeys.conversionSettings(organizationId, serviceId),
    queryFn: () => getConversionSettings(organizationId, serviceId),
    enabled,
  });
}
