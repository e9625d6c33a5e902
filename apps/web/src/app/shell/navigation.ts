import type { Organization, User } from '@maya/contracts';
import { organizationPath } from '../../features/organizations';
import {
  IconBag,
  IconCalendar,
  IconChart,
  IconClusters,
  IconDatabase,
  IconGauge,
  IconPlug,
  IconReceipt,
  IconReport,
  IconTarget,
  IconUsers,
  type IconComponent,
} from '../../shared/ui/icons';
import { shellMessages } from './messages';

export type SidebarSectionKey = 'setup' | 'demo' | 'reports';

export type SidebarItem = {
  key: string;
  label: string;
  icon: IconComponent;
  /** An app path, or an external address when `external`. */
  to: string;
  external: boolean;
  /** The item is active on this path and below it. */
  activePath: string | null;
};

export type SidebarSection = { key: SidebarSectionKey; label: string; items: SidebarItem[] };

/** The built-in reports (DESIGN.md Reports) until the reports list comes from the API. */
export const BUILT_IN_REPORTS = [
  { slug: '-maya', name: '-maya' },
  { slug: '-seo-v1', name: '-seo-v1' },
] as const;

/** spec 002 §2: "Report names have a leading '-' stripped". */
export function reportLabel(name: string): string {
  return name.replace(/^-/, '');
}

/**
 * The scheduling page behind 'Book a Demo'. Calendly prefills its booking form from the `name` and
 * `email` query parameters (help.calendly.com, "Pre-populating invitee information").
 */
export const BOOK_A_DEMO_URL = 'https://calendly.com/maya-analytics/demo';

export function bookDemoUrl(user: Pick<User, 'email' | 'profile'>): string {
  const url = new URL(BOOK_A_DEMO_URL);
  const name = `${user.profile.first_name} ${user.profile.last_name}`.trim();
  if (name !== '') url.searchParams.set('name', name);
  url.searchParams.set('email', user.email);
  return url.toString();
}

function item(slug: string, key: string, label: string, icon: IconComponent, subPath: string): SidebarItem {
  const to = organizationPath(slug, subPath);
  return { key, label, icon, to, external: false, activePath: to };
}

/**
 * The sidebar (spec 002 §2): Setup (not for demo organizations; Data Load only with ETL), Demo,
 * Reports. Administration is active on every settings tab.
 */
export function sidebarSections(organization: Organization, user: User): SidebarSection[] {
  const { slug } = organization;
  const { items, sections } = shellMessages;
  const setup: SidebarItem[] = [
    {
      ...item(slug, 'administration', items.administration, IconUsers, 'settings/members'),
      activePath: organizationPath(slug, 'settings'),
    },
    ...(organization.is_etl_enabled
      ? [item(slug, 'data-load', items.dataLoad, IconDatabase, 'data-load')]
      : []),
    item(slug, 'sources', items.sources, IconPlug, 'sources'),
    item(slug, 'clusters', items.clusters, IconClusters, 'clusters'),
    item(slug, 'competitors', items.competitors, IconTarget, 'competitors'),
    item(slug, 'pagespeed', items.pagespeed, IconGauge, 'pagespeed'),
    item(slug, 'expenses', items.expenses, IconReceipt, 'expenses'),
    item(slug, 'marketplace', items.marketplace, IconBag, 'billing/products'),
  ];
  const demo: SidebarItem[] = [
    item(slug, 'performance', items.performance, IconChart, 'dashboard/-demo'),
    {
      key: 'book-demo',
      label: items.bookDemo,
      icon: IconCalendar,
      to: bookDemoUrl(user),
      external: true,
      activePath: null,
    },
  ];
  const reports = BUILT_IN_REPORTS.map((report) =>
    item(slug, `report${report.slug}`, reportLabel(report.name), IconReport, `dashboard/${report.slug}`),
  );
  return [
    ...(organization.is_demo ? [] : [{ key: 'setup' as const, label: sections.setup, items: setup }]),
    { key: 'demo', label: sections.demo, items: demo },
    { key: 'reports', label: sections.reports, items: reports },
  ];
}

export function isItemActive(pathname: string, sidebarItem: SidebarItem): boolean {
  const { activePath } = sidebarItem;
  if (activePath === null) return false;
  return pathname === activePath || pathname.startsWith(`${activePath}/`);
}

/** The section holding the page being shown, if any. */
export function activeSectionKey(sections: SidebarSection[], pathname: string): SidebarSectionKey | null {
  return (
    sections.find((section) => section.items.some((entry) => isItemActive(pathname, entry)))?.key ?? null
  );
}
