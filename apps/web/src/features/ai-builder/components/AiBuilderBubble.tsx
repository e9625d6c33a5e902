import { Affix } from '@mantine/core';
import { useEffect, useState } from 'react';
import { deferred, useStandInPress } from '../../../shared/ui/onDemand';
import { PrefetchWhenIdle } from '../../../shared/ui/PrefetchWhenIdle';
import { AI_BUBBLE, useReportView } from '../../../shared/report-view';
import { isChatOpen, keepChatOpen } from '../hooks/useChatOpen';
import { historyKey } from '../model/chat';
import { BubbleButton } from './BubbleButton';

/** The chat and its conversation: no dashboard needs them to draw. */
const aiBuilder = deferred(() => import('./AiBuilder').then((m) => m.AiBuilder));
const AI_BUILDER_PREFETCH = [aiBuilder.preload];

/**
 * The AI Builder's bubble (spec 002 §2) in the corner of the dashboard; a report embedded
 * elsewhere (read-only) has none. The bubble is drawn at once; the chat's code comes when the page
 * is idle, or at the first hover or click of the bubble (the chat then opens as it arrives), or at
 * once when the chat was left open in this session.
 */
export function AiBuilderBubble() {
  const view = useReportView();
  const ready = aiBuilder.useReady();
  const [focused, setFocused] = useState(false);
  const press = useStandInPress();
  const key = historyKey(view.organizationId, view.reportSlug);
  const leftOpen = !view.readOnly && isChatOpen(key);
  useEffect(() => {
    if (leftOpen) aiBuilder.preload().catch(() => {});
  }, [leftOpen]);

  if (view.readOnly) return null;
  if (ready && !press.pressed) return <aiBuilder.Loaded focusBubble={focused} />;
  return (
    <>
      <Affix position={{ bottom: AI_BUBBLE.bottom, right: AI_BUBBLE.right }} zIndex={AI_BUBBLE.zIndex}>
        <BubbleButton
          opened={false}
          {...press.handlers}
          onClick={() => {
            press.release();
            // The chat opens as it mounts: it reads whether it is open from the session.
            keepChatOpen(key, true);
            aiBuilder.preload().catch(() => {});
          }}
          onPointerEnter={() => {
            press.handlers.onPointerEnter();
            aiBuilder.preload().catch(() => {});
          }}
          onFocus={() => {
            setFocused(true);
            aiBuilder.preload().catch(() => {});
          }}
          onBlur={() => setFocused(false)}
        />
      </Affix>
      <PrefetchWhenIdle preloads={AI_BUILDER_PREFETCH} />
    </>
  );
}
