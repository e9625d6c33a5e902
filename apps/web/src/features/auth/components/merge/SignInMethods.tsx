import { Badge, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import type { MergeQuery } from '../../navigation';

const METHODS = [
  { key: 'password', label: 'Email and password' },
  { key: 'google', label: 'Google' },
  { key: 'microsoft', label: 'Microsoft' },
] as const;

function Mark({ valid }: { valid: boolean }) {
  return (
    <ThemeIcon size={22} radius="xl" color={valid ? 'teal' : 'gray'} variant={valid ? 'filled' : 'light'}>
      <svg width={12} height={12} viewBox="0 0 24 24" aria-hidden="true">
        <path
          d={valid ? 'M5 12.5l4.5 4.5L19 7.5' : 'M7 7l10 10M17 7L7 17'}
          fill="none"
          stroke="currentColor"
          strokeWidth="3"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
    </ThemeIcon>
  );
}

/** The three sign-in methods of the e-mail, each valid or invalid (spec 000 §2 Account merge). */
export function SignInMethods({ methods }: { methods: MergeQuery['methods'] }) {
  return (
    <Stack
      component="ul"
      gap="xs"
      aria-label="Sign-in methods of this email"
      style={{ listStyle: 'none', margin: 0, padding: 0 }}
    >
      {METHODS.map(({ key, label }) => (
        <Group component="li" key={key} gap="sm" wrap="nowrap">
          <Mark valid={methods[key]} />
          <Text size="sm" fw={500} c={methods[key] ? 'dark.7' : 'dimmed'}>
            {label}
          </Text>
          <Badge ml="auto" size="sm" variant="light" color={methods[key] ? 'teal' : 'gray'}>
            {methods[key] ? 'valid' : 'invalid'}
          </Badge>
        </Group>
      ))}
    </Stack>
  );
}
