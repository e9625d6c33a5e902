import type { EmbedReport, Organization, User } from '@maya/contracts';
import { DEMO_REPORT_SLUG, organizationPath } from '../../features/organizations';
import { reportLabel, reportMessages } from '../../features/reports';
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

export type SidebarSectionKey = 'setup' | 'demo' | 'reports' | 'custom-reports';

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

export type SidebarSection = {
  key: SidebarSectionKey;
  label: string;
  items: SidebarItem[];
  /** What the section says while it has no items (its list loading or failed); null for nothing. */
  note: string | null;
};

export { reportLabel };

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
 * Reports. Administration is active on every settings tab. The Reports section is filled from the
 * reports list (`withReports`).
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
  return [
    ...(organization.is_demo
      ? []
      : [{ key: 'setup' as const, label: sections.setup, items: setup, note: null }]),
    { key: 'demo', label: sections.demo, items: demo, note: null },
    { key: 'reports', label: sections.reports, items: [], note: null },
  ];
}

/**
 * The Demo section's Performance item opens the demo organization's Demo report: only demo
 * organizations have it, so from any other organization the item leads to the demo one (listed
 * for every user). Unchanged when the demo organization is not known.
 */
export function withDemoOrganization(sections: SidebarSection[], demoSlug: string | null): SidebarSection[] {
  if (demoSlug === null) return sections;
  const to = organizationPath(demoSlug, `dashboard/${DEMO_REPORT_SLUG}`);
  return sections.map((section) =>
    section.key !== 'demo'
      ? section
      : {
          ...section,
          items: section.items.map((entry) =>
            entry.key === 'performance' ? { ...entry, to, activePath: to } : entry,
          ),
        },
  );
}

/** The reports list as it stands: loading, failed, or the reports. */
export type ReportList =
  { status: 'loading' } | { status: 'error' } | { status: 'ready'; reports: EmbedReport[] };

function reportItem(organizationSlug: string, report: EmbedReport): SidebarItem {
  return item(
    organizationSlug,
    `report:${report.slug}`,
    reportLabel(report.name),
    IconReport,
    `dashboard/${report.slug}`,
  );
}

/**
 * The sections with the reports list in place (spec 002 §2): Reports holds the built-in reports
 * and a Custom Reports section follows only when the organization has custom reports. The demo
 * report is left out: the Demo section's Performance item opens it.
 */
export function withReports(
  sections: SidebarSection[],
  organizationSlug: string,
  list: ReportList,
): SidebarSection[] {
  const { sidebar: text } = reportMessages;
  const reports = list.status === 'ready' ? list.reports.filter((r) => r.slug !== DEMO_REPORT_SLUG) : [];
  const builtIn = reports.filter((r) => !r.is_custom).map((r) => reportItem(organizationSlug, r));
  const custom = reports.filter((r) => r.is_custom).map((r) => reportItem(organizationSlug, r));
  const note = list.status === 'loading' ? text.loading : list.status === 'error' ? text.failed : null;
  return sections.flatMap((section) =>
    section.key !== 'reports'
      ? [section]
      : [
          { ...section, items: builtIn, note },
          ...(custom.length > 0
            ? [{ key: 'custom-reports' as const, label: text.customReports, items: custom, note: null }]
            : []),
        ],
  );
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
