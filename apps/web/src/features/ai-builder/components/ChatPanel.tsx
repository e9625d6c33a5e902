import {
  ActionIcon,
  Box,
  Button,
  CloseButton,
  Group,
  Loader,
  Paper,
  ScrollArea,
  Stack,
  Text,
  Textarea,
  ThemeIcon,
} from '@mantine/core';
import { generateBookmarkLimits, type GeneratedBookmark } from '@maya/contracts';
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { aiBuilderMessages as messages } from '../messages';
import type { ChatMessage } from '../model/chat';
import { Bubble, ChatMessageItem } from './ChatMessageItem';
import { IconSend, IconSparkles } from './icons';

/** spec 002 §4 Bookmark generation status. */
export type GenerationStatus = 'idle' | 'loading' | 'success' | 'error';

/**
 * The panel's header: white title, light subtitle, both at WCAG AA on its background (indigo.6
 * read 4.3:1 under white and 3.4:1 under indigo.1: axe's color-contrast, serious).
 */
export const HEADER = { background: 'indigo.8', subtitle: 'indigo.0' } as const;

type ChatPanelProps = {
  id: string;
  messages: readonly ChatMessage[];
  status: GenerationStatus;
  onSend: (prompt: string) => void;
  onClear: () => void;
  onClose: () => void;
  onApply: (bookmark: GeneratedBookmark) => void;
};

/**
 * The open chat: the bot's greeting, the conversation, and the prompt box. Send is disabled while
 * the prompt is empty (spec 002 §5) or a bookmark is being generated; Enter sends, Shift+Enter
 * starts a new line. At most 390 px wide screens it takes the width of the screen.
 */
export function ChatPanel({
  id,
  messages: conversation,
  status,
  onSend,
  onClear,
  onClose,
  onApply,
}: ChatPanelProps) {
  const [prompt, setPrompt] = useState('');
  const end = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLTextAreaElement>(null);
  const loading = status === 'loading';
  const canSend = prompt.trim() !== '' && !loading;

  // Opened to write: the prompt box has the focus.
  useEffect(() => {
    input.current?.focus();
  }, []);

  // The newest message, or the loader, stays in sight.
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'end' });
  }, [conversation.length, loading]);

  function send(event?: FormEvent) {
    event?.preventDefault();
    if (!canSend) return;
    onSend(prompt.trim());
    setPrompt('');
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  }

  return (
    <Paper
      id={id}
      role="dialog"
      aria-label={messages.title}
      data-status={status}
      shadow="xl"
      radius="lg"
      withBorder
      style={{
        width: 'min(380px, calc(100vw - 24px))',
        height: 'min(560px, calc(100dvh - 104px))',
        display: 'flex',
        flexDirection: 'column',
        overflow: 'hidden',
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose();
      }}
    >
      <Group justify="space-between" wrap="nowrap" px="md" py="sm" bg={HEADER.background} c="white" gap="xs">
        <Group gap="sm" wrap="nowrap" miw={0}>
          <ThemeIcon size={34} radius="xl" variant="white" color="indigo">
            <IconSparkles size={18} />
          </ThemeIcon>
          <Box miw={0}>
            <Text fw={700} size="sm" lh={1.2}>
              {messages.title}
            </Text>
            <Text size="xs" c={HEADER.subtitle} truncate>
              {messages.subtitle}
            </Text>
          </Box>
        </Group>
        <Group gap={4} wrap="nowrap">
          <Button
            size="compact-xs"
            variant="white"
            color="indigo"
            onClick={onClear}
            disabled={conversation.length === 0 || loading}
          >
            {messages.clear}
          </Button>
          <CloseButton variant="transparent" c="white" aria-label={messages.close} onClick={onClose} />
        </Group>
      </Group>

      <ScrollArea style={{ flex: 1 }} type="auto" offsetScrollbars>
        <Stack gap="sm" p="md" aria-label={messages.conversation} aria-live="polite">
          <Bubble side="bot" label={messages.bot}>
            <Text size="sm">{messages.greeting}</Text>
          </Bubble>
          {conversation.map((message) => (
            <ChatMessageItem key={message.id} message={message} onApply={onApply} />
          ))}
          {loading && (
            <Bubble side="bot" label={messages.bot}>
              <Group gap="xs" wrap="nowrap" role="status">
                <Loader type="dots" size="sm" color="indigo" aria-hidden />
                <Text size="sm" c="dimmed">
                  {messages.thinking}
                </Text>
              </Group>
            </Bubble>
          )}
          <div ref={end} />
        </Stack>
      </ScrollArea>

      <Box
        component="form"
        onSubmit={send}
        p="sm"
        style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
      >
        <Group gap="xs" wrap="nowrap" align="flex-end">
          <Textarea
            aria-label={messages.promptLabel}
            placeholder={messages.placeholder}
            value={prompt}
            onChange={(event) => setPrompt(event.currentTarget.value)}
            onKeyDown={onKeyDown}
            autosize
            minRows={1}
            maxRows={4}
            maxLength={generateBookmarkLimits.promptMaxLength}
            radius="md"
            style={{ flex: 1 }}
            ref={input}
          />
          <ActionIcon
            type="submit"
            size={36}
            radius="md"
            variant="filled"
            color="indigo"
            aria-label={messages.send}
            disabled={!canSend}
          >
            <IconSend size={18} />
          </ActionIcon>
        </Group>
      </Box>
    </Paper>
  );
}
