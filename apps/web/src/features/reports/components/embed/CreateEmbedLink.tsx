import { embedSnippet, type EmbedTokenResponse } from '@maya/contracts';
import {
  Alert,
  Button,
  CopyButton,
  Group,
  NativeSelect,
  Paper,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
// Today in the browser's time zone is what a date input compares with.
import { localDay } from '@maya/contracts';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useMemo } from 'react';
import { IconCheck, IconCopy } from '../../../../shared/ui/icons';
import {
  EXPIRY_CHOICES,
  embedLinkSchema,
  expiresAtOf,
  formatInstant,
  initialEmbedLinkValues,
  type EmbedLinkValues,
} from './embedLink';
import { embedErrorMessage, embedMessages as text } from './messages';

type CreateEmbedLinkProps = {
  /** The report's name as the page shows it (the iframe's title). */
  title: string;
  /** The link just made, or null. */
  created: EmbedTokenResponse | null;
  pending: boolean;
  error: unknown;
  onCreate: (request: { expiresAt: string | null; allowFiltering: boolean }) => void;
};

/** The iframe code of a link, selected on focus, and a button that copies it. */
export function EmbedSnippet({ code }: { code: string }) {
  return (
    <Stack gap="xs">
      <Textarea
        label={text.snippetLabel}
        value={code}
        readOnly
        rows={3}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 12 } }}
        onFocus={(event) => event.currentTarget.select()}
      />
      <Group justify="flex-end">
        <CopyButton value={code}>
          {({ copied, copy }) => (
            <Button
              size="xs"
              onClick={copy}
              color={copied ? 'teal' : undefined}
              leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
            >
              {copied ? text.copied : text.copy}
            </Button>
          )}
        </CopyButton>
      </Group>
    </Stack>
  );
}

/**
 * A new embed link for the view on screen: how long it lasts (never by default) and whether its
 * viewers may narrow the view; once made, its iframe code.
 */
export function CreateEmbedLink({ title, created, pending, error, onCreate }: CreateEmbedLinkProps) {
  const today = localDay(new Date());
  const validate = useMemo(() => zod4Resolver(embedLinkSchema(today)), [today]);
  const form = useForm<EmbedLinkValues>({
    mode: 'controlled',
    initialValues: initialEmbedLinkValues,
    validate,
  });
  const submit = form.onSubmit((values) =>
    onCreate({ expiresAt: expiresAtOf(values, new Date()), allowFiltering: values.allowFiltering }),
  );

  return (
    <Stack gap="sm">
      <form onSubmit={submit} noValidate aria-label={text.create}>
        <Stack gap="sm">
          <Group gap="sm" align="flex-start" grow preventGrowOverflow={false} wrap="wrap">
            {/* Native: five fixed choices read best in the platform's own picker, on phones too. */}
            <NativeSelect
              label={text.expiryLabel}
              data={EXPIRY_CHOICES.map((value) => ({ value, label: text.expiryChoices[value] }))}
              miw={180}
              {...form.getInputProps('expiry')}
            />
            {form.values.expiry === 'date' && (
              <TextInput
                type="date"
                label={text.dateLabel}
                min={today}
                miw={180}
                {...form.getInputProps('date')}
              />
            )}
          </Group>
          <Switch
            label={text.filteringLabel}
            description={text.filteringHint}
            {...form.getInputProps('allowFiltering', { type: 'checkbox' })}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={pending}>
              {text.create}
            </Button>
          </Group>
        </Stack>
      </form>
      {!pending && error !== null && (
        <Alert color="red" variant="light" role="alert">
          {embedErrorMessage(error)}
        </Alert>
      )}
      {!pending && created !== null && (
        <Paper withBorder radius="md" p="sm" bg="gray.0" aria-label={text.created} role="group">
          <Stack gap="xs">
            <EmbedSnippet code={embedSnippet(created.embed_url, title)} />
            <Text size="sm">
              {created.expires_at === null
                ? text.neverExpires
                : text.expires(formatInstant(created.expires_at))}
            </Text>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
