import { Affix, Paper, Stack, Transition } from '@mantine/core';
import { decodeReportState, type GeneratedBookmark } from '@maya/contracts';
import { InlineFallback } from '../../../shared/ui/OnDemandFallback';
import { onDemand, preloadOnIntent } from '../../../shared/ui/onDemand';
import { bookmarkMessages, useShowUnbookmarked } from '../../bookmarks';
import { AI_BUBBLE, useReportView } from '../../../shared/report-view';
import { useChatHistory } from '../hooks/useChatHistory';
import { useChatOpen } from '../hooks/useChatOpen';
import { useGenerateBookmark } from '../hooks/useGenerateBookmark';
import { generateFailure } from '../messages';
import { messageId } from '../model/chat';
import { BubbleButton, PANEL_ID } from './BubbleButton';
import type { GenerationStatus } from './ChatPanel';
import { showToast } from '../../../shared/ui/toast';

/** The chat loads with its first opening (or a hover of the bubble): the dashboard draws without it. */
const ChatPanel = onDemand(
  () => import('./ChatPanel').then((m) => m.ChatPanel),
  <Paper shadow="xl" radius="lg" withBorder w="min(380px, calc(100vw - 24px))">
    <InlineFallback />
  </Paper>,
);

/**
 * The AI Builder (spec 002 §2): a chat bubble in the corner of the dashboard. A prompt becomes a
 * generated bookmark whose state is applied to the open report at once, and again from its
 * reply. The conversation is kept per organization and report for the browser session. Loaded on
 * demand by `AiBuilderBubble`, which draws the bubble until then.
 */
export function AiBuilder({ focusBubble = false }: { focusBubble?: boolean }) {
  const view = useReportView();
  const history = useChatHistory(view.organizationId, view.reportSlug);
  const [opened, setOpened] = useChatOpen(history.key);
  const generate = useGenerateBookmark(view.organizationId, view.reportSlug);
  const show = useShowUnbookmarked();

  /** Shows a generated bookmark's state (spec 002 §4: not before the report has loaded). */
  function apply(bookmark: GeneratedBookmark) {
    if (!view.loaded) {
      showToast('error', bookmarkMessages.applyNotLoaded);
      return;
    }
    try {
      show(decodeReportState(bookmark.state));
    } catch {
      showToast('error', bookmarkMessages.unableToApply);
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
    <Affix position={{ bottom: AI_BUBBLE.bottom, right: AI_BUBBLE.right }} zIndex={AI_BUBBLE.zIndex}>
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
        <BubbleButton
          opened={opened}
          autoFocus={focusBubble}
          onClick={() => setOpened(!opened)}
          {...preloadOnIntent(ChatPanel)}
        />
      </Stack>
    </Affix>
  );
}
