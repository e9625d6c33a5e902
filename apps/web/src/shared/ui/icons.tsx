import type { ReactNode, SVGProps } from 'react';

/**
 * The app's line icons, drawn inline on a 24 px grid (no icon package). Decorative by default:
 * give the control around an icon its accessible name.
 */
export type IconProps = Omit<SVGProps<SVGSVGElement>, 'stroke'> & { size?: number; stroke?: number };
export type IconComponent = (props: IconProps) => ReactNode;

function createIcon(displayName: string, body: ReactNode): IconComponent {
  function Icon({ size = 20, stroke = 1.8, ...rest }: IconProps) {
    return (
      <svg
        width={size}
        height={size}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={stroke}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
        {...rest}
      >
        {body}
      </svg>
    );
  }
  Icon.displayName = displayName;
  return Icon;
}

export const IconMenu = createIcon('IconMenu', <path d="M4 6h16M4 12h16M4 18h16" />);
export const IconSidebar = createIcon(
  'IconSidebar',
  <>
    <rect x="3" y="4" width="18" height="16" rx="2.5" />
    <path d="M9.5 4v16" />
  </>,
);
export const IconX = createIcon('IconX', <path d="M18 6 6 18M6 6l12 12" />);
export const IconTrash = createIcon(
  'IconTrash',
  <path d="M4 7h16M10 11v6M14 11v6M5 7l1 12a2 2 0 0 0 2 2h8a2 2 0 0 0 2-2l1-12M9 7V4h6v3" />,
);
export const IconBell = createIcon(
  'IconBell',
  <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9M10.3 21a1.94 1.94 0 0 0 3.4 0" />,
);
export const IconUsers = createIcon(
  'IconUsers',
  <>
    <circle cx="9" cy="7" r="4" />
    <path d="M3 21v-2a4 4 0 0 1 4-4h4a4 4 0 0 1 4 4v2M16 3.13a4 4 0 0 1 0 7.75M21 21v-2a4 4 0 0 0-3-3.85" />
  </>,
);
export const IconDatabase = createIcon(
  'IconDatabase',
  <>
    <ellipse cx="12" cy="5" rx="8" ry="3" />
    <path d="M4 5v6c0 1.66 3.58 3 8 3s8-1.34 8-3V5M4 11v6c0 1.66 3.58 3 8 3s8-1.34 8-3v-6" />
  </>,
);
export const IconPlug = createIcon('IconPlug', <path d="M9 2v5M15 2v5M6 7h12v4a6 6 0 0 1-12 0V7zM12 17v5" />);
export const IconClusters = createIcon(
  'IconClusters',
  <>
    <circle cx="6" cy="6" r="3" />
    <circle cx="18" cy="6" r="3" />
    <circle cx="12" cy="18" r="3" />
    <path d="M9 6h6M7.4 8.7l3.2 6.6M16.6 8.7l-3.2 6.6" />
  </>,
);
export const IconTarget = createIcon(
  'IconTarget',
  <>
    <circle cx="12" cy="12" r="9" />
    <circle cx="12" cy="12" r="5" />
    <circle cx="12" cy="12" r="1" />
  </>,
);
export const IconGauge = createIcon(
  'IconGauge',
  <>
    <path d="M4.9 19.1A9 9 0 1 1 19.1 19.1M12 13l4.5-4.5" />
    <circle cx="12" cy="13" r="1.5" />
  </>,
);
export const IconReceipt = createIcon(
  'IconReceipt',
  <path d="M5 21V4a1 1 0 0 1 1-1h12a1 1 0 0 1 1 1v17l-3-2-2 2-2-2-2 2-2-2-3 2zM9 8h6M9 12h6M9 16h4" />,
);
export const IconBag = createIcon('IconBag', <path d="M6 7h12l1 14H5L6 7zM9 10V6a3 3 0 0 1 6 0v4" />);
export const IconChart = createIcon('IconChart', <path d="M3 3v18h18M7 15l4-4 3 3 5-6" />);
export const IconCalendar = createIcon(
  'IconCalendar',
  <>
    <rect x="3" y="5" width="18" height="16" rx="2" />
    <path d="M16 3v4M8 3v4M3 11h18" />
  </>,
);
export const IconReport = createIcon(
  'IconReport',
  <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8zM14 3v5h5M9 17v-3M12 17v-6M15 17v-2" />,
);
export const IconChevronDown = createIcon('IconChevronDown', <path d="m6 9 6 6 6-6" />);
export const IconChevronRight = createIcon('IconChevronRight', <path d="m9 6 6 6-6 6" />);
export const IconChevronLeft = createIcon('IconChevronLeft', <path d="m15 6-6 6 6 6" />);
export const IconArrowLeft = createIcon('IconArrowLeft', <path d="M19 12H5M11 18l-6-6 6-6" />);
export const IconSelector = createIcon('IconSelector', <path d="m8 9 4-4 4 4M16 15l-4 4-4-4" />);
export const IconLogout = createIcon(
  'IconLogout',
  <path d="M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4M16 17l5-5-5-5M21 12H9" />,
);
export const IconUser = createIcon(
  'IconUser',
  <>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21v-1a6 6 0 0 1 6-6h4a6 6 0 0 1 6 6v1" />
  </>,
);
export const IconBook = createIcon(
  'IconBook',
  <path d="M4 19.5A2.5 2.5 0 0 1 6.5 17H20M6.5 2H20v20H6.5A2.5 2.5 0 0 1 4 19.5v-15A2.5 2.5 0 0 1 6.5 2z" />,
);
export const IconShield = createIcon('IconShield', <path d="M12 22s8-4 8-10V5l-8-3-8 3v7c0 6 8 10 8 10z" />);
export const IconFileText = createIcon(
  'IconFileText',
  <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8zM14 3v5h5M9 13h6M9 17h6" />,
);
export const IconPlus = createIcon('IconPlus', <path d="M12 5v14M5 12h14" />);
export const IconCheck = createIcon('IconCheck', <path d="m5 12 5 5L20 7" />);
export const IconSearch = createIcon(
  'IconSearch',
  <>
    <circle cx="11" cy="11" r="7" />
    <path d="m21 21-4.35-4.35" />
  </>,
);
export const IconExternal = createIcon(
  'IconExternal',
  <path d="M14 4h6v6M10 14 20 4M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />,
);
export const IconBuilding = createIcon(
  'IconBuilding',
  <path d="M4 21V5a2 2 0 0 1 2-2h8a2 2 0 0 1 2 2v16M16 9h2a2 2 0 0 1 2 2v10M3 21h18M8 7h4M8 11h4M8 15h4" />,
);
export const IconBulb = createIcon(
  'IconBulb',
  <path d="M9 18h6M10 22h4M12 2a7 7 0 0 0-4 12.7c.6.5 1 1.2 1 2V17h6v-.3c0-.8.4-1.5 1-2A7 7 0 0 0 12 2z" />,
);
export const IconAlert = createIcon(
  'IconAlert',
  <path d="M12 9v4M12 17h.01M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0Z" />,
);
export const IconMail = createIcon(
  'IconMail',
  <>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="m3 7 9 6 9-6" />
  </>,
);
export const IconSparkles = createIcon(
  'IconSparkles',
  <path d="m12 3 1.9 5.1L19 10l-5.1 1.9L12 17l-1.9-5.1L5 10l5.1-1.9zM19 15l.8 2.2L22 18l-2.2.8L19 21l-.8-2.2L16 18l2.2-.8z" />,
);
/** An actions menu trigger: three dots. */
export const IconDots = createIcon('IconDots', <path d="M5 12h.01M12 12h.01M19 12h.01" strokeWidth={3} />);
export const IconRefresh = createIcon(
  'IconRefresh',
  <path d="M20 11a8 8 0 0 0-14.9-3M4 4v4h4M4 13a8 8 0 0 0 14.9 3M20 20v-4h-4" />,
);
export const IconCopy = createIcon(
  'IconCopy',
  <>
    <rect x="9" y="9" width="11" height="11" rx="2" />
    <path d="M5 15V6a2 2 0 0 1 2-2h9" />
  </>,
);
export const IconPin = createIcon(
  'IconPin',
  <path d="M15 4.5 19.5 9M9 15l-4.5 4.5M14 4l6 6-3 1-3.5 3.5L13 19l-8-8 4.5-.5L13 7z" />,
);
export const IconArchive = createIcon(
  'IconArchive',
  <>
    <rect x="3" y="4" width="18" height="4" rx="1" />
    <path d="M5 8v10a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8M10 12h4" />
  </>,
);
export const IconFilter = createIcon('IconFilter', <path d="M4 5h16l-6 8v5l-4 2v-7L4 5z" />);
export const IconPages = createIcon(
  'IconPages',
  <>
    <rect x="4" y="3" width="13" height="16" rx="2" />
    <path d="M8 21h10a2 2 0 0 0 2-2V7M8 8h5M8 12h5" />
  </>,
);
export const IconPencil = createIcon('IconPencil', <path d="M4 20h4L19 9l-4-4L4 16v4zM13.5 6.5l4 4" />);
export const IconBookmark = createIcon(
  'IconBookmark',
  <path d="M7 4h10a1 1 0 0 1 1 1v15l-6-4-6 4V5a1 1 0 0 1 1-1z" />,
);
export const IconBookmarkPlus = createIcon(
  'IconBookmarkPlus',
  <path d="M13 4H7a1 1 0 0 0-1 1v15l6-4 6 4v-8M18 3v6M15 6h6" />,
);
/** A generated bookmark. */
export const IconBookmarkBolt = createIcon(
  'IconBookmarkBolt',
  <>
    <path d="M7 4h10a1 1 0 0 1 1 1v15l-6-4-6 4V5a1 1 0 0 1 1-1z" />
    <path d="m12.5 7-2 3.5h3l-2 3.5" />
  </>,
);
export const IconEye = createIcon(
  'IconEye',
  <>
    <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z" />
    <circle cx="12" cy="12" r="3" />
  </>,
);
export const IconStar = createIcon(
  'IconStar',
  <path d="m12 3 2.8 5.7 6.2.9-4.5 4.4 1 6.2L12 17.3 6.5 20.2l1-6.2L3 9.6l6.2-.9z" />,
);
export const IconLink = createIcon(
  'IconLink',
  <path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1" />,
);
export const IconFolder = createIcon(
  'IconFolder',
  <path d="M3 6a1 1 0 0 1 1-1h5l2 2h9a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V6z" />,
);
export const IconLock = createIcon(
  'IconLock',
  <>
    <rect x="5" y="11" width="14" height="9" rx="2" />
    <path d="M8 11V8a4 4 0 0 1 8 0v3" />
  </>,
);
/** Send: a paper plane. */
export const IconSend = createIcon('IconSend', <path d="M21 3 10 14M21 3l-7 18-4-7-7-4 18-7z" />);
export const IconTable = createIcon('IconTable', <path d="M4 5h16v14H4zM4 10h16M4 15h16M10 10v9" />);
/** Download: an arrow into a tray. */
export const IconDownload = createIcon('IconDownload', <path d="M12 4v11M7 10l5 5 5-5M5 20h14" />);
export const IconUndo = createIcon('IconUndo', <path d="M9 14 4 9l5-5M4 9h10.5a5.5 5.5 0 0 1 0 11H11" />);
export const IconRedo = createIcon('IconRedo', <path d="m15 14 5-5-5-5M20 9H9.5a5.5 5.5 0 0 0 0 11H13" />);
const GRIP_DOTS: readonly [number, number][] = [
  [9, 6],
  [15, 6],
  [9, 12],
  [15, 12],
  [9, 18],
  [15, 18],
];

/** A drag handle's six dots (filled, so they read at small sizes). */
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
      {GRIP_DOTS.map(([cx, cy]) => (
        <circle key={`${cx}-${cy}`} cx={cx} cy={cy} r={1.6} />
      ))}
    </svg>
  );
}
export const IconHistory = createIcon(
  'IconHistory',
  <path d="M3 12a9 9 0 1 0 3-6.7L3 8M3 3v5h5M12 7v5l3 2" />,
);
export const IconArrowUp = createIcon('IconArrowUp', <path d="M12 19V5M5 12l7-7 7 7" />);
export const IconArrowDown = createIcon('IconArrowDown', <path d="M12 5v14M19 12l-7 7-7-7" />);
export const IconEyeOff = createIcon(
  'IconEyeOff',
  <path d="M3 3l18 18M10.6 6.1A10 10 0 0 1 12 6c6.5 0 10 6 10 6a17 17 0 0 1-3.2 3.9M6.6 6.6C3.9 8.3 2 12 2 12s3.5 7 10 7a9.8 9.8 0 0 0 5.4-1.6M9.9 9.9a3 3 0 0 0 4.2 4.2" />,
);
export const IconResize = createIcon('IconResize', <path d="M21 15v6h-6M21 21l-7-7M9 21H3v-6" />);
export const IconCalculator = createIcon(
  'IconCalculator',
  <>
    <rect x="5" y="3" width="14" height="18" rx="2" />
    <path d="M8 7h8M8 12h.01M12 12h.01M16 12h.01M8 16h.01M12 16h.01M16 16h.01" />
  </>,
);
