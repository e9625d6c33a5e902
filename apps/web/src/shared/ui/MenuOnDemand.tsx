import {
  cloneElement,
  useState,
  type ComponentType,
  type FocusEvent,
  type MouseEvent,
  type ReactElement,
} from 'react';
import { deferred, useStandInPress } from './onDemand';

/** What a menu loaded on demand receives besides its own props. */
export type OnDemandMenuProps = {
  /** The button that opens the menu, as the stand-in drew it: the menu's `Menu.Target`. */
  target: ReactElement;
  /** The stand-in was clicked before the code came: the menu opens as it mounts. */
  defaultOpened: boolean;
};

type TargetProps = {
  onClick?: (event: MouseEvent<HTMLElement>) => void;
  onPointerEnter?: () => void;
  onPointerDown?: () => void;
  onPointerLeave?: () => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  onBlur?: (event: FocusEvent<HTMLElement>) => void;
  autoFocus?: boolean;
  'aria-haspopup'?: 'menu';
  'aria-expanded'?: boolean;
};

type StandInProps = {
  target: ReactElement<TargetProps>;
  /** A click on the stand-in, for a menu whose opening its parent controls. */
  onStandInClick?: () => void;
};

/**
 * A menu whose code (the menu, its popover and their positioning library) loads on demand: its
 * button is drawn at once as a stand-in, the code comes when the page is idle (`preload`, through
 * `PrefetchWhenIdle`) or when the user points at, focuses or clicks the button. A click before
 * then opens the menu as soon as it is there, and the focus stays on the button.
 */
export function menuOnDemand<P extends object>(load: () => Promise<ComponentType<P & OnDemandMenuProps>>) {
  const code = deferred(load);
  const fetch = () => {
    code.preload().catch(() => {});
  };
  function MenuOnDemand(props: P & StandInProps) {
    const ready = code.useReady();
    const [clicked, setClicked] = useState(false);
    const [focused, setFocused] = useState(false);
    const press = useStandInPress();
    const { target, onStandInClick, ...own } = props;
    if (ready && !press.pressed) {
      return (
        <code.Loaded
          {...(own as P)}
          target={focused ? cloneElement(target, { autoFocus: true }) : target}
          defaultOpened={clicked}
        />
      );
    }
    return cloneElement(target, {
      'aria-haspopup': 'menu',
      'aria-expanded': false,
      ...press.handlers,
      onPointerEnter: () => {
        press.handlers.onPointerEnter();
        fetch();
      },
      onFocus: () => {
        setFocused(true);
        fetch();
      },
      onBlur: () => setFocused(false),
      onClick: () => {
        press.release();
        setClicked(true);
        onStandInClick?.();
        fetch();
      },
    });
  }
  return Object.assign(MenuOnDemand, { preload: code.preload });
}
