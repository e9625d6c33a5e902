import { Alert, Anchor, Center, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { ReactNode } from 'react';
import { CenteredPage } from '../../../shared/ui/CenteredPage';
import { keepEmailsWhole } from '../../../shared/ui/EmailAddress';
import { Logo } from '../../../shared/ui/Logo';

type AuthCardProps = {
  title: ReactNode;
  subtitle?: ReactNode;
  /** Above the title, inside the card (the sign-up progress header). */
  header?: ReactNode;
  /** Below the card (links to the other entry screens). */
  footer?: ReactNode;
  maw?: number;
  children?: ReactNode;
};

/** The entry screens' frame: the logo over a centred card on the tinted page (as sign-in). */
export function AuthCard({ title, subtitle, header, footer, maw = 420, children }: AuthCardProps) {
  return (
    <CenteredPage>
      <Stack w="100%" maw={maw} gap="xl">
        <Center>
          <Logo size="lg" />
        </Center>
        <Paper withBorder shadow="md" p={{ base: 'lg', xs: 36 }}>
          {header}
          <Stack gap={4} mb={children === undefined ? 0 : 'xl'} ta="center">
            <Title order={1} fz={24} c="dark.8">
              {title}
            </Title>
            {subtitle !== undefined && (
              <Text c="dimmed" size="sm">
                {keepEmailsWhole(subtitle)}
              </Text>
            )}
          </Stack>
          {children}
        </Paper>
        {footer !== undefined && (
          <Text ta="center" size="sm" c="dimmed">
            {footer}
          </Text>
        )}
      </Stack>
    </CenteredPage>
  );
}

type FormErrorProps = {
  message: string | null;
  onClose?: () => void;
  /** Inside a Stack the Stack's gap spaces it: pass 0. */
  mb?: 0 | 'lg';
};

/** A form-level failure above the fields. */
export function FormError({ message, onClose, mb = 'lg' }: FormErrorProps) {
  if (message === null) return null;
  return (
    <Alert
      color="red"
      variant="light"
      mb={mb}
      role="alert"
      withCloseButton={onClose !== undefined}
      closeButtonLabel="Dismiss"
      onClose={onClose}
    >
      {message}
    </Alert>
  );
}

/** The success check mark of the password screens (spec 000 §2, §4). */
export function SuccessCheck({ label }: { label: string }) {
  return (
    <Center>
      <ThemeIcon size={64} radius="xl" color="teal" variant="light" role="img" aria-label={label}>
        <svg width={32} height={32} viewBox="0 0 24 24" aria-hidden="true">
          <path
            d="M5 12.5l4.5 4.5L19 7.5"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.5"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      </ThemeIcon>
    </Center>
  );
}

/** The link under the password screens' cards. */
export function BackToSignIn() {
  return (
    <Anchor component={Link} to="/sign-in" fw={600}>
      Back to sign in
    </Anchor>
  );
}

/** A password screen's card once its request is done: the check mark, what happened, what next. */
export function DoneCard({ title, label, children }: { title: string; label: string; children: ReactNode }) {
  return (
    <AuthCard title={title} footer={<BackToSignIn />}>
      <Stack gap="lg" ta="center">
        <SuccessCheck label={label} />
        {children}
      </Stack>
    </AuthCard>
  );
}
