import { ActionIcon, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { IconChevronLeft, IconChevronRight } from '../../../../shared/ui/icons';
import { reportMessages } from '../../messages';

const { visual: text } = reportMessages;

type TablePagerProps = {
  /** The rows before this page. */
  offset: number;
  /** Rows a page holds (the visual's limit). */
  pageSize: number;
  /** Rows on this page. */
  rows: number;
  /** The answer said more rows follow (`truncated`). */
  hasNext: boolean;
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
      size="sm"
      aria-label={label}
      disabled={disabled}
      onClick={onClick}
    >
      {children}
    </ActionIcon>
  );
}

/** 'Rows 101–200' and the buttons to the previous and next page of a table. */
export function TablePager({ offset, pageSize, rows, hasNext, onOffset }: TablePagerProps) {
  return (
    <Group gap={2} wrap="nowrap" style={{ flexShrink: 0 }}>
      <Text size="xs" c="dimmed" mr={4} aria-live="polite">
        {text.rows(rows === 0 ? offset : offset + 1, offset + rows)}
      </Text>
      <PageButton
        label={text.previousPage}
        disabled={offset === 0}
        onClick={() => onOffset(Math.max(0, offset - pageSize))}
      >
        <IconChevronLeft size={14} />
      </PageButton>
      <PageButton label={text.nextPage} disabled={!hasNext} onClick={() => onOffset(offset + pageSize)}>
        <IconChevronRight size={14} />
      </PageButton>
    </Group>
  );
}
