import { Alert, Anchor, Divider } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { loadQueryClient } from '../../../shared/api/queryClientOnDemand';
import { useHydrated } from '../../../shared/hooks/useHydrated';
import { whenIdle } from '../../../shared/lib/idle';
import { useRedirectIfSignedIn } from '../hooks/useRedirectIfSignedIn';
import { readSignInNotice } from '../navigation';
import { AuthCard } from './AuthCard';
import { ProviderButtons } from './ProviderButtons';
import { SignInForm } from './SignInForm';

type Notice = { kind: 'error' | 'info'; message: string };

/** /sign-in (spec 000 §2 Sign-in). Shows a notice handed over in navigation state (provider refusal). */
export function SignInPage() {
  const location = useLocation();
  // The notice handed over, until the page sets its own (undefined: none set yet). Not while
  // React takes over the page the build drew without it (decision 815): a reload keeps the
  // navigation's state, and the markup would differ from the first render.
  const [own, setNotice] = useState<Notice | null | undefined>(undefined);
  const hydrated = useHydrated();
  const notice = own !== undefined ? own : hydrated ? readSignInNotice(location.state) : null;
  const redirecting = useRedirectIfSignedIn();
  // The page draws without TanStack Query (decision 700); the page after a sign-in needs it.
  useEffect(() => whenIdle(() => void loadQueryClient().catch(() => {})), []);
  if (redirecting) return null;

  const clearNotice = () => setNotice(null);
  const showError = (message: string) => setNotice({ kind: 'error', message });

  return (
    <AuthCard
      title="Sign in to your account"
      subtitle="Welcome back. Choose how you want to sign in."
      footer={
        <>
          Don&apos;t have an account?{' '}
          <Anchor component={Link} to="/sign-up" fw={600}>
            Sign up
          </Anchor>
        </>
      }
    >
      {notice !== null && (
        <Alert
          color={notice.kind === 'error' ? 'red' : 'indigo'}
          variant="light"
          mb="lg"
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={clearNotice}
        >
          {notice.message}
        </Alert>
      )}
      <ProviderButtons onError={showError} onAttempt={clearNotice} />
      <Divider my="lg" label="or sign in with email" labelPosition="center" />
      <SignInForm onError={showError} onAttempt={clearNotice} />
    </AuthCard>
  );
}
