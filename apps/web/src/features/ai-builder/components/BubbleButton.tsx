import { ActionIcon } from '@mantine/core';
import type { FocusEventHandler, MouseEventHandler, PointerEventHandler } from 'react';
import { AI_BUBBLE } from '../../../shared/report-view';
import { aiBuilderMessages as messages } from '../messages';
import { IconSparkles } from './icons';

export const PANEL_ID = 'ai-builder-chat';

type BubbleButtonProps = {
  opened: boolean;
  /** Takes the focus as it mounts: it replaces a stand-in that had it. */
  autoFocus?: boolean;
  onClick: MouseEventHandler<HTMLButtonElement>;
  onPointerEnter?: PointerEventHandler<HTMLButtonElement>;
  onPointerDown?: PointerEventHandler<HTMLButtonElement>;
  onPointerLeave?: PointerEventHandler<HTMLButtonElement>;
  onFocus?: FocusEventHandler<HTMLButtonElement>;
  onBlur?: FocusEventHandler<HTMLButtonElement>;
};

/** The round button in the corner of the dashboard that opens and hides the chat. */
export function BubbleButton({ opened, ...handlers }: BubbleButtonProps) {
  return (
    <ActionIcon
      size={AI_BUBBLE.size}
      radius="xl"
      variant="gradient"
      gradient={{ from: 'indigo.6', to: 'violet.5', deg: 135 }}
      aria-label={opened ? messages.hide : messages.open}
      aria-expanded={opened}
      aria-controls={PANEL_ID}
      style={{ boxShadow: 'var(--mantine-shadow-lg)' }}
      {...handlers}
    >
      <IconSparkles size={26} />
    </ActionIcon>
  );
}
