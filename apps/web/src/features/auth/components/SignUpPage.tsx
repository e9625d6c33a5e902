import { accounts } from '@maya/contracts';
import { Anchor, Button, Group, Stack } from '@mantine/core';
import { useEffect, useRef, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useRedirectIfSignedIn } from '../hooks/useRedirectIfSignedIn';
import { useSignUpFlow } from '../hooks/useSignUpFlow';
import { authMessages } from '../messages';
import { returnDestination } from '../navigation';
import type { SignUpStep } from '../schemas';
import { AuthCard, FormError } from './AuthCard';
import { AccountStep } from './sign-up/AccountStep';
import { CompanyStep } from './sign-up/CompanyStep';
import { SignUpProgress } from './sign-up/SignUpProgress';
import { TermsStep } from './sign-up/TermsStep';
import { showToast } from '../../../shared/ui/toast';

const TITLES: Record<SignUpStep, { title: string; subtitle: string }> = {
  1: { title: 'Create your account', subtitle: 'Start turning your marketing data into answers.' },
  2: { title: 'Tell us about your company', subtitle: 'This helps us tailor your reports.' },
  3: { title: 'Legal Terms & Conditions', subtitle: 'Please read and accept the terms to finish.' },
};

/** Shows the marketplace's redirect error once (spec 000 §8: a toast of 5000 ms). */
function useMarketplaceRedirectError() {
  const [searchParams] = useSearchParams();
  const shown = useRef(false);
  const redirectError = searchParams.get('redirect_error');
  useEffect(() => {
    if (redirectError !== 'no_such_user' || shown.current) return;
    shown.current = true;
    showToast('error', authMessages.marketplaceNoSuchUser, { durationMs: accounts.marketplaceToastMs });
  }, [redirectError]);
}

/** /sign-up (spec 000 §2 Sign-up, §4, §5): account info, company info, terms. */
export function SignUpPage() {
  const redirecting = useRedirectIfSignedIn(returnDestination);
  const flow = useSignUpFlow();
  useMarketplaceRedirectError();
  if (redirecting) return null;

  const { step } = flow;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    flow.next();
  };

  return (
    <AuthCard
      maw={520}
      header={
        <SignUpProgress step={step} onStepClick={flow.goTo} onBack={flow.back} disabled={flow.working} />
      }
      title={TITLES[step].title}
      subtitle={TITLES[step].subtitle}
      footer={
        <>
          Already have an account? Please{' '}
          <Anchor component={Link} to="/sign-in" fw={600}>
            sign in
          </Anchor>
          .
        </>
      }
    >
      <form onSubmit={submit} noValidate aria-label="Sign up">
        <FormError message={flow.formError} onClose={flow.dismissError} />
        {step === 1 && <AccountStep flow={flow} />}
        {step === 2 && <CompanyStep flow={flow} />}
        {step === 3 && <TermsStep flow={flow} />}
        {step === 3 ? (
          <Group justify="space-between" mt="xl" gap="md">
            <Anchor component={Link} to="/" size="sm" c="dimmed" fw={500}>
              I do not accept
            </Anchor>
            <Button type="submit" size="md" loading={flow.working}>
              Continue
            </Button>
          </Group>
        ) : (
          <Stack mt="xl">
            <Button type="submit" size="md" fullWidth loading={flow.working}>
              Continue
            </Button>
          </Stack>
        )}
      </form>
    </AuthCard>
  );
}
