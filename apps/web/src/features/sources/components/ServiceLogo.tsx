import { Image } from '@mantine/core';
import type { Service } from '@maya/contracts';

/** A service's logo (public/logos/{id}.svg); decorative, the name is always written beside it. */
export function ServiceLogo({ service, size = 28 }: { service: Pick<Service, 'logo'>; size?: number }) {
  return <Image src={service.logo} alt="" w={size} h={size} fit="contain" style={{ flexShrink: 0 }} />;
}
