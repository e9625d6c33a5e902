import { Image } from '@mantine/core';
import type { Destination } from '@maya/contracts';

/** A destination's logo; decorative, the name is always written beside it. */
export function DestinationLogo({
  destination,
  size = 36,
}: {
  destination: Pick<Destination, 'logo'>;
  size?: number;
}) {
  return <Image src={destination.logo} alt="" w={size} h={size} fit="contain" style={{ flexShrink: 0 }} />;
}
