import { unreachable } from '@maya/contracts';
import { Box, Tabs, Title } from '@mantine/core';
import { Navigate, useNavigate, useParams } from 'react-router';
import { BookmarksTab } from '../../bookmarks';
import { DestinationsTab } from '../../destinations';
import { DevelopersTab } from '../../developers';
import { organizationPath } from '../../organizations';
import { settingsMessages } from '../messages';
import { MembersTab } from './members/MembersTab';

/** The administration tabs of spec 002 §2, in order; the first is the default. */
export type SettingsTab = 'members' | 'developers' | 'destinations' | 'bookmarks';
export const SETTINGS_TABS: readonly { value: SettingsTab; label: string }[] = [
  { value: 'members', label: 'Members' },
  { value: 'developers', label: 'Developers' },
  { value: 'destinations', label: 'Destinations' },
  { value: 'bookmarks', label: 'Bookmarks' },
];
const DEFAULT_TAB: SettingsTab = 'members';

function isTab(value: string | null | undefined): value is SettingsTab {
  return SETTINGS_TABS.some((tab) => tab.value === value);
}

/** The content of a tab; Developers has its categories (settings/developers/{categorySlug}). */
function TabContent({ tab, categorySlug }: { tab: SettingsTab; categorySlug: string | undefined }) {
  switch (tab) {
    case 'members':
      return <MembersTab />;
    case 'destinations':
      return <DestinationsTab />;
    case 'bookmarks':
      return <BookmarksTab />;
    case 'developers':
      return <DevelopersTab categorySlug={categorySlug} />;
    default: {
      return unreachable(tab);
    }
  }
}

/**
 * /organization/:organizationSlug/settings(/:tab(/:categorySlug)): the administration page inside
 * the app shell (spec 002 §2). No tab or an unknown one, and a category under a tab that has none,
 * go to the first tab, Members.
 */
export function SettingsPage() {
  const { organizationSlug = '', tab, categorySlug } = useParams();
  const navigate = useNavigate();
  const tabPath = (value: SettingsTab) => organizationPath(organizationSlug, `settings/${value}`);

  if (!isTab(tab) || (tab !== 'developers' && categorySlug !== undefined)) {
    return <Navigate to={tabPath(DEFAULT_TAB)} replace />;
  }

  return (
    <Box p={{ base: 'md', sm: 'xl' }}>
      <Title order={1} fz={28} mb="lg">
        {settingsMessages.title}
      </Title>
      <Tabs
        value={tab}
        onChange={(value) => {
          if (isTab(value) && value !== tab) void navigate(tabPath(value));
        }}
        keepMounted={false}
      >
        {/* One row that scrolls sideways on narrow screens rather than wrapping under its underline. */}
        <Tabs.List mb="xl" style={{ flexWrap: 'nowrap', overflowX: 'auto', scrollbarWidth: 'none' }}>
          {SETTINGS_TABS.map(({ value, label }) => (
            <Tabs.Tab key={value} value={value} px={{ base: 'xs', sm: 'md' }} style={{ flexShrink: 0 }}>
              {label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {SETTINGS_TABS.map(({ value }) => (
          <Tabs.Panel key={value} value={value}>
            <TabContent tab={value} categorySlug={value === 'developers' ? categorySlug : undefined} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Box>
  );
}
