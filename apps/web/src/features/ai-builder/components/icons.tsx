import type { SVGProps } from 'react';

export { IconAlert, IconSparkles } from '../../../shared/ui/icons';

/** Line icons of the chat, drawn like the app's own (shared/ui/icons). */
type IconProps = Omit<SVGProps<SVGSVGElement>, 'stroke'> & { size?: number };

function Svg({ size = 16, children, ...rest }: IconProps) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...rest}
    >
      {children}
    </svg>
  );
}

/** A generated bookmark. */
export function IconBookmarkBolt(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M7 4h10a1 1 0 0 1 1 1v15l-6-4-6 4V5a1 1 0 0 1 1-1z" />
      <path d="m12.5 7-2 3.5h3l-2 3.5" />
    </Svg>
  );
}

/** Send: a paper plane. */
export function IconSend(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M21 3 10 14M21 3l-7 18-4-7-7-4 18-7z" />
    </Svg>
  );
}
