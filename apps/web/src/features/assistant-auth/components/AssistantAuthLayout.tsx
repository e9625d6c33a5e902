import { Center, Divider, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { CenteredPage } from '../../../shared/ui/CenteredPage';
import { IconSparkles } from '../../../shared/ui/icons';
import { Logo } from '../../../shared/ui/Logo';

type AssistantAuthLayoutProps = {
  title: string;
  /** What to do; left out when the card reports a failure or an empty list. */
  description?: string;
  children: ReactNode;
  /** The action row under the list. */
  footer: ReactNode;
};

/** The card both steps of the assistant authorization share. */
export function AssistantAuthLayout({ title, description, children, footer }: AssistantAuthLayoutProps) {
  return (
    <CenteredPage>
      <Stack w="100%" maw={540} gap="xl">
        <Center>
          <Logo size="lg" />
        </Center>
        <Paper withBorder shadow="md" p={0} style={{ overflow: 'hidden' }}>
          <Stack gap="lg" p={{ base: 'lg', xs: 32 }}>
            <Group gap="md" wrap="nowrap" align="flex-start">
              <ThemeIcon size={44} radius="md" variant="light">
                <IconSparkles size={24} />
              </ThemeIcon>
              <Stack gap={2}>
                <Text size="xs" fw={700} tt="uppercase" c="indigo.6" lts={0.6}>
                  AI assistant access
                </Text>
                <Title order={1} fz={22} c="dark.8">
                  {title}
                </Title>
                {description !== undefined && (
                  <Text size="sm" c="dimmed">
                    {description}
                  </Text>
                )}
              </Stack>
            </Group>
            {children}
          </Stack>
          <Divider />
          <Group justify="space-between" gap="sm" px={{ base: 'lg', xs: 32 }} py="md" bg="gray.0">
            {footer}
          </Group>
        </Paper>
      </Stack>
    </CenteredPage>
  );
}
