import { Button, Stack } from '@mantine/core';
import { useHydrated } from '../../../shared/hooks/useHydrated';
import { useProviderSignIn } from '../hooks/useProviderSignIn';
import { GoogleIcon, MicrosoftIcon } from '../../../shared/ui/brandIcons';

type ProviderButtonsProps = {
  /** 'Sign in' on the sign-in page, 'Sign up' on the sign-up page. */
  verb?: 'Sign in' | 'Sign up';
  onError: (message: string) => void;
  onAttempt: () => void;
};

/** 'Sign in with Google' and 'Sign in with Microsoft' (spec 000 §2), or 'Sign up with ...'. */
export function ProviderButtons({ verb = 'Sign in', onError, onAttempt }: ProviderButtonsProps) {
  const google = useProviderSignIn('google', { onError });
  const microsoft = useProviderSignIn('microsoft', { onError });
  // Drawn by the build (decision 815), they do nothing until the app's script has taken over.
  const hydrated = useHydrated();
  const busy = google.isRedirecting || microsoft.isRedirecting || !hydrated;

  return (
    <Stack gap="sm">
      <Button
        variant="default"
        size="md"
        fullWidth
        leftSection={<GoogleIcon />}
        loading={google.isRedirecting}
        disabled={busy && !google.isRedirecting}
        onClick={() => {
          onAttempt();
          google.start();
        }}
      >
        {verb} with Google
      </Button>
      <Button
        variant="default"
        size="md"
        fullWidth
        leftSection={<MicrosoftIcon />}
        loading={microsoft.isRedirecting}
        disabled={busy && !microsoft.isRedirecting}
        onClick={() => {
          onAttempt();
          microsoft.start();
        }}
      >
        {verb} with Microsoft
      </Button>
    </Stack>
  );
}
