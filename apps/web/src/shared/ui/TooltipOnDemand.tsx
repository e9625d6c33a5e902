import type { TooltipProps } from '@mantine/core';
import { cloneElement, useState, type FocusEvent, type PointerEvent, type ReactElement } from 'react';
import { deferred, useStandInPress } from './onDemand';

const tooltip = deferred(() => import('./tooltip').then((m) => m.Tooltip));

/** Fetches the tooltips' code (a page's idle prefetch). */
export const preloadTooltip = tooltip.preload;

type TargetProps = {
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
  onPointerDown?: (event: PointerEvent<HTMLElement>) => void;
  onPointerLeave?: (event: PointerEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  onBlur?: (event: FocusEvent<HTMLElement>) => void;
  autoFocus?: boolean;
};

type TooltipOnDemandProps = Omit<TooltipProps, 'children'> & { children: ReactElement<TargetProps> };

/**
 * Mantine's Tooltip, whose code (with its positioning library) no page needs to draw: until it is
 * here (the page's idle prefetch, or the pointer coming over the target) the target shows alone.
 * The target is mounted again inside the tooltip then, but not while the pointer is on it (a click
 * under way would be lost; the tooltip shows from the next hover), and keeps the focus it had.
 */
export function TooltipOnDemand({ children, ...props }: TooltipOnDemandProps) {
  const ready = tooltip.useReady();
  const [focused, setFocused] = useState(false);
  const press = useStandInPress();
  if (ready && !press.pressed) {
    return (
      <tooltip.Loaded {...props}>
        {focused ? cloneElement(children, { autoFocus: true }) : children}
      </tooltip.Loaded>
    );
  }
  const own = children.props;
  return cloneElement(children, {
    onPointerEnter: (event: PointerEvent<HTMLElement>) => {
      own.onPointerEnter?.(event);
      press.handlers.onPointerEnter();
      tooltip.preload().catch(() => {});
    },
    onPointerDown: (event: PointerEvent<HTMLElement>) => {
      own.onPointerDown?.(event);
      press.handlers.onPointerDown();
    },
    onPointerLeave: (event: PointerEvent<HTMLElement>) => {
      own.onPointerLeave?.(event);
      press.handlers.onPointerLeave();
    },
    onFocus: (event: FocusEvent<HTMLElement>) => {
      own.onFocus?.(event);
      setFocused(true);
    },
    onBlur: (event: FocusEvent<HTMLElement>) => {
      own.onBlur?.(event);
      setFocused(false);
    },
  });
}
