import { ActionIcon, Affix, Stack, Transition } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { decodeReportState, operations, type GeneratedBookmark } from '@maya/contracts';
import { bookmarkMessages, useShowUnbookmarked } from '../../bookmarks';
import { useReportView } from '../../reports';
import { useChatHistory } from '../hooks/useChatHistory';
import { useChatOpen } from '../hooks/useChatOpen';
import { useGenerateBookmark } from '../hooks/useGenerateBookmark';
import { aiBuilderMessages as messages, generateFailure } from '../messages';
import { messageId } from '../model/chat';
import { ChatPanel, type GenerationStatus } from './ChatPanel';
import { IconSparkles } from './icons';

const PANEL_ID = 'ai-builder-chat';

function showError(message: string) {
  notifications.show({ message, color: 'red', autoClose: operations.errorToastMs });
}

/**
 * The AI Builder (spec 002 §2): a chat bubble in the corner of the dashboard. A prompt becomes a
 * generated bookmark whose state is applied to the open report at once, and again from its
 * reply. The conversation is kept per organization and report for the browser session; a
 * report embedded elsewhere (read-only) has no chat.
 */
export function AiBuilderBubble() {
  const view = useReportView();
  const history = useChatHistory(view.organizationId, view.reportSlug);
  const [opened, setOpened] = useChatOpen(history.key);
  const generate = useGenerateBookmark(view.organizationId, view.reportSlug);
  const show = useShowUnbookmarked();

  if (view.readOnly) return null;

  /** Shows a generated bookmark's state (spec 002 §4: not before the report has loaded). */
  function apply(bookmark: GeneratedBookmark) {
    if (!view.loaded) {
      showError(bookmarkMessages.applyNotLoaded);
      return;
    }
    try {
      show(decodeReportState(bookmark.state));
    } catch {
      showError(bookmarkMessages.unableToApply);
    }
  }

  function send(prompt: string) {
    const conversation = history.key;
    history.append({ id: messageId(), kind: 'prompt', text: prompt });
    generate.mutate(prompt, {
      onSuccess: (answer) => {
        history.append(
          { id: messageId(), kind: 'reply', text: answer.text_response, bookmark: answer.bookmark },
          conversation,
        );
        // Applied only to the report it was asked of.
        if (answer.bookmark !== null && conversation === history.key) apply(answer.bookmark);
      },
      onError: (error) =>
        history.append({ id: messageId(), kind: 'failure', ...generateFailure(error) }, conversation),
    });
  }

  // A dashboard mounted again (applying a view can change the route) has no generation of its
  // own yet: the last exchange of the conversation tells how it ended.
  const last = history.messages.at(-1);
  const status: GenerationStatus =
    generate.status === 'pending'
      ? 'loading'
      : generate.status !== 'idle'
        ? generate.status
        : last?.kind === 'reply'
          ? 'success'
          : last?.kind === 'failure'
            ? 'error'
            : 'idle';

  return (
    <Affix position={{ bottom: 16, right: 12 }} zIndex={250}>
      <Stack gap="sm" align="flex-end">
        <Transition mounted={opened} transition="pop-bottom-right" duration={150}>
          {(style) => (
            <div style={style}>
              <ChatPanel
                id={PANEL_ID}
                messages={history.messages}
                status={status}
                onSend={send}
                onClear={() => {
                  history.clear();
                  generate.reset();
                }}
                onClose={() => setOpened(false)}
                onApply={apply}
              />
            </div>
          )}
        </Transition>
        <ActionIcon
          size={56}
          radius="xl"
          variant="gradient"
          gradient={{ from: 'indigo.6', to: 'violet.5', deg: 135 }}
          aria-label={opened ? messages.hide : messages.open}
          aria-expanded={opened}
          aria-controls={PANEL_ID}
          onClick={() => setOpened(!opened)}
          style={{ boxShadow: 'var(--mantine-shadow-lg)' }}
        >
          <IconSparkles size={26} />
        </ActionIcon>
      </Stack>
    </Affix>
  );
}
