import { Alert, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { IconAlert } from '../../../shared/ui/icons';

/** A form's error, announced when it appears. */
export function FormError({ children }: { children: ReactNode }) {
  return (
    <Alert color="red" variant="light" role="alert" p="sm" icon={<IconAlert size={18} />}>
      <Text size="sm" c="red.9">
        {children}
      </Text>
    </Alert>
  );
}
