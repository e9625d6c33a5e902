import { Badge, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import type { Service } from '@maya/contracts';
import { Link } from 'react-router';
import { IconChevronRight } from '../../../../shared/ui/icons';
import { sourcesMessages } from '../../messages';
import { ServiceLogo } from '../ServiceLogo';
import classes from './ServiceCard.module.css';

type ServiceCardProps = {
  service: Service;
  /** Where choosing the service leads: its connection, or the billing checkout. */
  to: string;
  upgrade: boolean;
};

/** An integration on sources/add: logo and name; outside the plan it reads 'Upgrade plan'. */
export function ServiceCard({ service, to, upgrade }: ServiceCardProps) {
  return (
    <UnstyledButton
      component={Link}
      to={to}
      aria-label={upgrade ? `${service.name}: ${sourcesMessages.upgradePlan}` : service.name}
      className={classes.link}
      style={{ display: 'block', borderRadius: 'var(--mantine-radius-lg)' }}
    >
      <Paper withBorder p="md" className={classes.card} h="100%" mih={74} display="flex">
        <Group gap="md" wrap="nowrap" style={{ flex: 1 }}>
          <ServiceLogo service={service} size={36} />
          <Stack gap={4} style={{ flex: 1, minWidth: 0 }} align="flex-start">
            <Text fw={600} size="sm">
              {service.name}
            </Text>
            {upgrade && (
              <Badge variant="light" color="yellow" radius="sm">
                {sourcesMessages.upgradePlan}
              </Badge>
            )}
          </Stack>
          <IconChevronRight size={18} color="var(--mantine-color-gray-5)" style={{ flexShrink: 0 }} />
        </Group>
      </Paper>
    </UnstyledButton>
  );
}
