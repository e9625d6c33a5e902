import { Group, Radio, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { Destination } from '@maya/contracts';
import { destinationsMessages } from '../../messages';
import { DestinationLogo } from '../DestinationLogo';

type ChooseDestinationStepProps = {
  destinations: readonly Destination[];
  value: string | null;
  onChange: (destinationId: string) => void;
};

function DestinationCard({ destination }: { destination: Destination }) {
  return (
    <Radio.Card value={destination.id} radius="md" p="md" aria-label={destination.name}>
      <Group wrap="nowrap" align="flex-start" gap="md">
        <DestinationLogo destination={destination} />
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Text fw={600} size="sm">
            {destination.name}
          </Text>
          <Text size="xs" c="dimmed">
            {destination.description}
          </Text>
        </Stack>
        <Radio.Indicator />
      </Group>
    </Radio.Card>
  );
}

/** Step 1 (spec 002 Destination wizard): the managed default, or one of the on-premise kinds. */
export function ChooseDestinationStep({ destinations, value, onChange }: ChooseDestinationStepProps) {
  const sections = [
    { title: destinationsMessages.managedSection, items: destinations.filter((d) => d.managed) },
    { title: destinationsMessages.onPremiseSection, items: destinations.filter((d) => !d.managed) },
  ];
  return (
    <Radio.Group value={value} onChange={onChange} aria-label={destinationsMessages.steps[0].label}>
      <Stack gap="lg">
        {sections.map((section) => (
          <Stack key={section.title} gap="xs">
            <Title order={3} fz="sm" c="dimmed" tt="uppercase" fw={600}>
              {section.title}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              {section.items.map((destination) => (
                <DestinationCard key={destination.id} destination={destination} />
              ))}
            </SimpleGrid>
          </Stack>
        ))}
      </Stack>
    </Radio.Group>
  );
}
