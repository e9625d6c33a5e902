import { reportLimits } from '@maya/contracts';
import { ActionIcon, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { IconChevronLeft, IconChevronRight } from '../../../../shared/ui/icons';
import { reportMessages } from '../../messages';

const { visual: text } = reportMessages;

type TablePagerProps = {
  /** The rows before the page on screen. */
  offset: number;
  /** Rows a page holds (the visual's limit). */
  pageSize: number;
  /** Rows on the page on screen. */
  rows: number;
  /** The answer said more rows follow (`truncated`). */
  hasNext: boolean;
  /** Another page is loading: the buttons wait (they stay enabled, so focus stays on them). */
  loading: boolean;
  onOffset: (offset: number) => void;
};

function PageButton({
  label,
  disabled,
  onClick,
  children,
}: {
  label: string;
  disabled: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <ActionIcon
      variant="subtle"
      color="gray"
      size="md"
      aria-label={label}
      disabled={disabled}
      onClick={onClick}
    >
      {children}
    </ActionIcon>
  );
}

/**
 * 'Rows 101–200' and the buttons to the previous and next page of a table. Pages reach as far
 * as the request's offset may (reportLimits.maxTableRows).
 */
export function TablePager({ offset, pageSize, rows, hasNext, loading, onOffset }: TablePagerProps) {
  const next = offset + pageSize;
  const turn = (to: number) => {
    if (!loading) onOffset(to);
  };
  return (
    <Group gap={2} wrap="nowrap" role="group" aria-label={text.pages} style={{ flexShrink: 0 }}>
      <Text size="xs" c="dimmed" mr={4} aria-live="polite">
        {rows === 0 ? text.noMoreRows : text.rows(offset + 1, offset + rows)}
      </Text>
      <PageButton
        label={text.previousPage}
        disabled={offset === 0}
        onClick={() => turn(Math.max(0, offset - pageSize))}
      >
        <IconChevronLeft size={14} />
      </PageButton>
      <PageButton
        label={text.nextPage}
        disabled={!hasNext || next > reportLimits.maxTableRows}
        onClick={() => turn(next)}
      >
        <IconChevronRight size={14} />
      </PageButton>
    </Group>
  );
}
