import { accounts } from '@maya/contracts';
import { ActionIcon, Box, Group, Text, UnstyledButton } from '@mantine/core';
import { SIGN_UP_STEPS, type SignUpStep } from '../../schemas';

export const SIGN_UP_STEP_LABELS: Record<SignUpStep, string> = {
  1: 'Account info',
  2: 'Company info',
  3: 'Terms',
};

/** The bar's width at each step (spec 000 §9: 8%, 54%, 100%). */
export function progressWidth(step: SignUpStep): string {
  return accounts.signUpProgressWidths[step - 1] ?? '100%';
}

type SignUpProgressProps = {
  step: SignUpStep;
  onStepClick: (step: SignUpStep) => void;
  onBack: () => void;
  disabled: boolean;
};

function BackArrow() {
  return (
    <svg width={18} height={18} viewBox="0 0 24 24" aria-hidden="true">
      <path
        d="M15 5l-7 7 7 7"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * The sign-up header (spec 000 §2, §4): a back arrow from step 2, the step count, a progress bar,
 * and clickable step names (jumping forward validates the steps before).
 */
export function SignUpProgress({ step, onStepClick, onBack, disabled }: SignUpProgressProps) {
  const width = progressWidth(step);
  return (
    <Box mb="lg">
      <Group justify="space-between" mb={10} h={28}>
        {step > 1 ? (
          <ActionIcon variant="subtle" color="gray" aria-label="Back" onClick={onBack} disabled={disabled}>
            <BackArrow />
          </ActionIcon>
        ) : (
          <span />
        )}
        <Text size="xs" c="dimmed" fw={600} tt="uppercase" lts={0.5}>
          Step {step} of {SIGN_UP_STEPS.length}
        </Text>
      </Group>
      <Box
        role="progressbar"
        aria-label="Sign-up progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Number.parseInt(width, 10)}
        h={6}
        bg="gray.2"
        style={{ borderRadius: 999, overflow: 'hidden' }}
      >
        <Box
          data-testid="sign-up-progress-fill"
          h="100%"
          bg="indigo.6"
          style={{ width, borderRadius: 999, transition: 'width 300ms ease' }}
        />
      </Box>
      <Group
        component="ol"
        grow
        gap={4}
        wrap="nowrap"
        style={{ listStyle: 'none', margin: '8px 0 0', padding: 0 }}
      >
        {SIGN_UP_STEPS.map((item) => (
          <li key={item} style={{ textAlign: item === 1 ? 'left' : item === 3 ? 'right' : 'center' }}>
            <UnstyledButton
              onClick={() => onStepClick(item)}
              disabled={disabled}
              aria-current={item === step ? 'step' : undefined}
              fz="xs"
              fw={item === step ? 700 : 500}
              c={item <= step ? 'indigo.7' : 'dimmed'}
            >
              {SIGN_UP_STEP_LABELS[item]}
            </UnstyledButton>
          </li>
        ))}
      </Group>
    </Box>
  );
}
