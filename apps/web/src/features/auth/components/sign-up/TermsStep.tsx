import { Checkbox, ScrollArea, Stack, Text, Title } from '@mantine/core';
import type { SignUpFlow } from '../../hooks/useSignUpFlow';
import { TERMS_LAST_UPDATED, termsIntroduction, termsSections, type TermsSection } from '../../legal/terms';
import { termsAppendices } from '../../legal/termsAppendices';

function Section({ section }: { section: TermsSection }) {
  return (
    <Stack gap={6}>
      <Title order={3} fz="sm" c="dark.7">
        {section.heading}
      </Title>
      {section.paragraphs.map((paragraph) => (
        <Text key={paragraph.slice(0, 48)} size="sm" c="dark.5" lh={1.6}>
          {paragraph}
        </Text>
      ))}
    </Stack>
  );
}

/** The full terms text in a scrollable box. */
export function TermsText() {
  return (
    <ScrollArea
      h={340}
      type="auto"
      offsetScrollbars
      tabIndex={0}
      aria-label="Legal Terms & Conditions text"
      style={{
        border: '1px solid var(--mantine-color-gray-3)',
        borderRadius: 'var(--mantine-radius-md)',
        background: 'var(--mantine-color-gray-0)',
      }}
    >
      <Stack gap="md" p="md">
        <Text size="xs" c="dimmed">
          Last updated {TERMS_LAST_UPDATED}
        </Text>
        {termsIntroduction.map((paragraph) => (
          <Text key={paragraph.slice(0, 48)} size="sm" c="dark.5" lh={1.6}>
            {paragraph}
          </Text>
        ))}
        {[...termsSections, ...termsAppendices].map((section) => (
          <Section key={section.heading} section={section} />
        ))}
      </Stack>
    </ScrollArea>
  );
}

type TermsStepProps = { flow: SignUpFlow };

/** Step 3 (spec 000 §2): the terms, and the agree checkbox. */
export function TermsStep({ flow }: TermsStepProps) {
  return (
    <Stack gap="md">
      <TermsText />
      <Checkbox
        label="I have read and agree to the Legal Terms & Conditions"
        {...flow.form.getInputProps('accept_terms', { type: 'checkbox' })}
      />
    </Stack>
  );
}
