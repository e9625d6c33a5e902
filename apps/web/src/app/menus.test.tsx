import { MantineProvider, Menu } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testTheme } from '../test/organizationFixtures';

describe("the app's menus", () => {
  it('open on their first item and own only items: no focusable placeholder', async () => {
    render(
      <MantineProvider theme={testTheme}>
        <Menu defaultOpened>
          <Menu.Target>
            <button type="button">Open</button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item>First</Menu.Item>
            <Menu.Item>Second</Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </MantineProvider>,
    );
    const first = await screen.findByRole('menuitem', { name: 'First' });
    await waitFor(() => expect(first).toHaveFocus());
    const menu = screen.getByRole('menu');
    expect(menu.querySelector('[role="presentation"][tabindex]')).toBeNull();
  });
});
