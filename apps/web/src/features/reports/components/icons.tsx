import type { SVGProps } from 'react';

/** Line icons of the dashboards' toolbar, drawn like the app's own (shared/ui/icons). */
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

export function IconFilter(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M4 5h16l-6 8v5l-4 2v-7L4 5z" />
    </Svg>
  );
}

export function IconPages(props: IconProps) {
  return (
    <Svg {...props}>
      <rect x="4" y="3" width="13" height="16" rx="2" />
      <path d="M8 21h10a2 2 0 0 0 2-2V7M8 8h5M8 12h5" />
    </Svg>
  );
}

export function IconPencil(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M4 20h4L19 9l-4-4L4 16v4zM13.5 6.5l4 4" />
    </Svg>
  );
}
