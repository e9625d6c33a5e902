import { unreachable } from '@maya/contracts';
import { Box, Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { GeneratedBookmark } from '@maya/contracts';
import type { ReactNode } from 'react';
import { IconAlert, IconBookmarkBolt } from './icons';
import { aiBuilderMessages as messages } from '../messages';
import type { ChatMessage } from '../model/chat';

type Side = 'user' | 'bot';

type BubbleProps = { side: Side; tone?: 'plain' | 'danger'; children: ReactNode; label: string };

/** A speech bubble: the user's on the right in the primary colour, the bot's on the left. */
export function Bubble({ side, tone = 'plain', children, label }: BubbleProps) {
  const user = side === 'user';
  return (
    <Group justify={user ? 'flex-end' : 'flex-start'} wrap="nowrap" gap={0}>
      <Paper
        aria-label={label}
        px="sm"
        py={8}
        radius="lg"
        maw="88%"
        bg={user ? 'indigo.6' : tone === 'danger' ? 'red.0' : 'gray.0'}
        c={user ? 'white' : undefined}
        withBorder={!user}
        style={{
          borderColor: tone === 'danger' ? 'var(--mantine-color-red-2)' : undefined,
          borderBottomRightRadius: user ? 4 : undefined,
          borderBottomLeftRadius: user ? undefined : 4,
          overflowWrap: 'anywhere',
        }}
      >
        {children}
      </Paper>
    </Group>
  );
}

type ChatMessageItemProps = {
  message: ChatMessage;
  onApply: (bookmark: GeneratedBookmark) => void;
};

/** One message of the conversation: a prompt, a reply (with its bookmark), or a failure. */
export function ChatMessageItem({ message, onApply }: ChatMessageItemProps) {
  switch (message.kind) {
    case 'prompt':
      return (
        <Bubble side="user" label={messages.you}>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {message.text}
          </Text>
        </Bubble>
      );
    case 'reply':
      return (
        <Bubble side="bot" label={messages.bot}>
          <Stack gap={8}>
            <Text size="sm">{message.text}</Text>
            {message.bookmark !== null && (
              <Paper withBorder radius="md" px="xs" py={8} bg="white">
                <Group gap={6} wrap="nowrap" align="flex-start">
                  <Box c="indigo.6" mt={2} style={{ display: 'flex', flexShrink: 0 }}>
                    <IconBookmarkBolt size={16} />
                  </Box>
                  <Text size="xs" fw={600} lineClamp={2} title={message.bookmark.name}>
                    {message.bookmark.name}
                  </Text>
                </Group>
                <Group justify="flex-end" mt={6}>
                  <Button
                    size="compact-xs"
                    variant="light"
                    onClick={() => message.bookmark !== null && onApply(message.bookmark)}
                  >
                    {messages.applyAgain}
                  </Button>
                </Group>
              </Paper>
            )}
          </Stack>
        </Bubble>
      );
    case 'failure':
      return (
        <Bubble side="bot" tone="danger" label={messages.bot}>
          <Stack gap={4} role="alert">
            <Group gap={6} wrap="nowrap" c="red.8">
              <IconAlert size={16} style={{ flexShrink: 0 }} />
              <Text size="sm" fw={700}>
                {messages.chatFailure}
              </Text>
            </Group>
            <Text size="sm" fw={600}>
              {message.message}
            </Text>
            {message.detail !== null && <Text size="sm">{message.detail}</Text>}
            {message.type !== null && (
              <Text size="xs" c="dimmed">
                {messages.detailType(message.type)}
              </Text>
            )}
            {message.tip !== null && (
              <Text size="sm" fs="italic">
                {message.tip}
              </Text>
            )}
          </Stack>
        </Bubble>
      );
    default: {
      return unreachable(message);
    }
  }
}
