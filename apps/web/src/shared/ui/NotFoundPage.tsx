import { Button, Center, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { CenteredPage } from '../../shared/ui/CenteredPage';
import { NOT_FOUND_TITLE } from './notFoundTitle';
import { useTitleOverride } from '../hooks/titleOverride';

type NotFoundPageProps = {
  /** Inside the organization shell: fills the content area instead of the whole window. */
  embedded?: boolean;
};

/** spec 001 §2 "404 page"; shown for unknown paths and for routes whose page is not built yet. */
export function NotFoundPage({ embedded = false }: NotFoundPageProps) {
  const navigate = useNavigate();
  useTitleOverride(NOT_FOUND_TITLE);
  const content = (
    <Stack align="center" gap="lg" maw={600} ta="center">
      <Text
        component="p"
        aria-hidden="true"
        m={0}
        fw={900}
        lh={1}
        c="indigo.5"
        fz={{ base: 96, sm: 144 }}
        lts={-4}
        style={{ userSelect: 'none' }}
      >
        404
      </Text>
      <Text component="h1" m={0} fz={{ base: 'lg', sm: 'xl' }} fw={600} c="dark.6">
        We could not find the page you are looking for.
      </Text>
      <Button size="md" mt="sm" onClick={() => navigate('/')}>
        Go Home
      </Button>
    </Stack>
  );
  return embedded ? <EmbeddedPage>{content}</EmbeddedPage> : <CenteredPage>{content}</CenteredPage>;
}

function EmbeddedPage({ children }: { children: ReactNode }) {
  return (
    <Center mih="calc(100dvh - 160px)" px="md">
      {children}
    </Center>
  );
}
