import type { IconProps } from '../../../../shared/ui/icons';

const DOTS: readonly [number, number][] = [
  [9, 6],
  [15, 6],
  [9, 12],
  [15, 12],
  [9, 18],
  [15, 18],
];

/** The drag handle's six dots, on the 24 px grid of the app's icons (shared/ui/icons). */
export function IconGrip({ size = 20, stroke: _stroke, ...rest }: IconProps) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="currentColor"
      aria-hidden="true"
      focusable="false"
      {...rest}
    >
      {DOTS.map(([cx, cy]) => (
        <circle key={`${cx}-${cy}`} cx={cx} cy={cy} r={1.6} />
      ))}
    </svg>
  );
}
