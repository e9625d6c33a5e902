import { Box, Button, Flex, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { modelling, type Service } from '@maya/contracts';
import { useMediaQuery } from '@mantine/hooks';
import { useId, useState, type ReactNode } from 'react';
import { IconBook } from '../../../../shared/ui/icons';
import { sourcesMessages } from '../../messages';
import { addSourcePath } from '../../navigation';
import { PageHeader } from '../PageHeader';
import { ServiceLogo } from '../ServiceLogo';

export type GuideStep = { title: string; body: ReactNode };

type SetupLayoutProps = {
  slug: string;
  service: Service;
  description?: ReactNode;
  guide?: { steps: GuideStep[]; defaultOpen: boolean };
  children: ReactNode;
};

/**
 * A source setup screen (spec 001 §2): the form on the left, the Guide side panel on the right.
 * Below 550 px (spec 001 §9) the guide folds under the form and starts closed.
 */
export function SetupLayout({ slug, service, description, guide, children }: SetupLayoutProps) {
  const narrow =
    useMediaQuery(`(max-width: ${modelling.setupNavigationBreakpointPx}px)`, undefined, {
      getInitialValueInEffect: false,
    }) ?? false;
  const [guideOpen, setGuideOpen] = useState(() => (guide?.defaultOpen ?? false) && !narrow);
  const guideId = useId();

  return (
    <Box p={{ base: 0, sm: 'xl' }} maw={1100}>
      <PageHeader
        back={{ to: addSourcePath(slug), label: sourcesMessages.backToAddSource }}
        title={
          <Group gap="sm" component="span" wrap="nowrap">
            <ServiceLogo service={service} size={32} />
            {service.name}
          </Group>
        }
        description={description}
        actions={
          guide !== undefined && (
            <Button
              variant={guideOpen ? 'light' : 'default'}
              leftSection={<IconBook size={18} />}
              aria-expanded={guideOpen}
              aria-controls={guideId}
              onClick={() => setGuideOpen((open) => !open)}
            >
              {sourcesMessages.guide}
            </Button>
          )
        }
      />
      <Flex direction={narrow ? 'column' : 'row'} gap="lg" align={narrow ? 'stretch' : 'flex-start'}>
        <Paper
          withBorder
          p={{ base: 'md', sm: 'lg' }}
          style={{ flex: '1 1 0', minWidth: 0 }}
          maw={narrow ? undefined : 560}
        >
          {children}
        </Paper>
        {guide !== undefined && guideOpen && (
          <Paper
            component="aside"
            id={guideId}
            aria-label={sourcesMessages.guide}
            withBorder
            bg="indigo.0"
            p={{ base: 'md', sm: 'lg' }}
            w={narrow ? undefined : 400}
            style={{ flexShrink: 0, borderColor: 'var(--mantine-color-indigo-1)' }}
          >
            <Title order={2} fz="md" mb="md">
              {sourcesMessages.guide}
            </Title>
            <Stack component="ol" gap="lg" m={0} p={0} style={{ listStyle: 'none' }}>
              {guide.steps.map((step, index) => (
                <Group component="li" key={step.title} align="flex-start" gap="sm" wrap="nowrap">
                  <ThemeIcon
                    radius="xl"
                    size={26}
                    variant="filled"
                    style={{ flexShrink: 0 }}
                    aria-hidden="true"
                  >
                    <Text size="xs" fw={700}>
                      {index + 1}
                    </Text>
                  </ThemeIcon>
                  <Stack gap={4} style={{ minWidth: 0 }}>
                    <Text fw={600} size="sm">
                      {step.title}
                    </Text>
                    <Text size="sm" c="dark.4" component="div">
                      {step.body}
                    </Text>
                  </Stack>
                </Group>
              ))}
            </Stack>
          </Paper>
        )}
      </Flex>
    </Box>
  );
}
