import { PRODUCT_NAME } from '@maya/contracts';
import { Group, Text } from '@mantine/core';

type LogoProps = { size?: 'sm' | 'md' | 'lg' };

const MARK_PX = { sm: 24, md: 32, lg: 40 } as const;
const TEXT_SIZE = { sm: 'lg', md: 'xl', lg: '1.75rem' } as const;

/** The product mark and wordmark. */
export function Logo({ size = 'md' }: LogoProps) {
  const px = MARK_PX[size];
  return (
    <Group gap={10} wrap="nowrap" aria-label={PRODUCT_NAME} role="img">
      <svg width={px} height={px} viewBox="0 0 32 32" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill="var(--mantine-color-indigo-6)" />
        <path
          d="M8 23V10.5l8 7 8-7V23"
          fill="none"
          stroke="#fff"
          strokeWidth="3"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <Text component="span" fw={800} fz={TEXT_SIZE[size]} lts={-0.5} c="dark.8" aria-hidden="true">
        {PRODUCT_NAME}
      </Text>
    </Group>
  );
}
