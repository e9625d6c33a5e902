import { unreachable } from '@maya/contracts';
import { Button, Loader, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { CenteredPage } from '../../../shared/ui/CenteredPage';
import { IconMail } from '../../../shared/ui/icons';
import { StatusScreen } from '../../../shared/ui/StatusScreen';
import { forbiddenMessage, invitationMessages, type InvitationFailure } from '../messages';

/** While the invitation is looked up or accepted. */
export function InvitationProgress({ label }: { label: string }) {
  return (
    <CenteredPage>
      <Stack align="center" gap="md">
        <Loader aria-label={label} />
        <Text c="dimmed" size="sm">
          {label}
        </Text>
      </Stack>
    </CenteredPage>
  );
}

type InvitationErrorProps = {
  failure: InvitationFailure;
  /** Signs out and back in as the invited user; offered for invitation_forbidden (spec 000 §2). */
  onLoginWithDifferentAccount?: () => void;
  switchingAccount?: boolean;
};

/** The spec's invite error texts, with a way on. */
export function InvitationError({
  failure,
  onLoginWithDifferentAccount,
  switchingAccount = false,
}: InvitationErrorProps) {
  const home = (
    <Button variant="default" component={Link} to="/">
      Go Home
    </Button>
  );
  switch (failure.kind) {
    case 'forbidden':
      return (
        <StatusScreen
          tone="info"
          icon={IconMail}
          title={invitationMessages.forbiddenTitle}
          message={forbiddenMessage(failure.invitedEmail)}
          actions={
            <>
              {home}
              {onLoginWithDifferentAccount !== undefined && (
                <Button onClick={onLoginWithDifferentAccount} loading={switchingAccount}>
                  {invitationMessages.loginWithDifferentAccount}
                </Button>
              )}
            </>
          }
        />
      );
    case 'message':
      return <StatusScreen title={failure.title} actions={home} />;
    default: {
      return unreachable(failure);
    }
  }
}
