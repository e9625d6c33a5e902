import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { menuOnDemand, type OnDemandMenuProps } from './MenuOnDemand';

/** A stand-in for a Mantine menu: shows its target and whether it mounted open. */
function FakeMenu({ target, defaultOpened, name }: OnDemandMenuProps & { name: string }) {
  return (
    <div role="menu" aria-label={name} data-opened={String(defaultOpened)}>
      {target}
    </div>
  );
}

function setup() {
  let resolve: (menu: typeof FakeMenu) => void = () => {};
  const load = vi.fn(() => new Promise<typeof FakeMenu>((done) => (resolve = done)));
  const Menu = menuOnDemand(load);
  render(<Menu name="Pages" target={<button type="button">Pages</button>} />);
  return { load, loaded: () => resolve(FakeMenu) };
}

describe('menuOnDemand', () => {
  it('draws the button without fetching the menu; a click opens the menu once its code is here', async () => {
    const { load, loaded } = setup();
    const button = screen.getByRole('button', { name: 'Pages' });
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(load).not.toHaveBeenCalled();

    await userEvent.click(button);
    expect(load).toHaveBeenCalledTimes(1);
    loaded();
    const menu = await screen.findByRole('menu', { name: 'Pages' });
    expect(menu).toHaveAttribute('data-opened', 'true');
    // The button had the focus: the menu's own button takes it.
    expect(screen.getByRole('button', { name: 'Pages' })).toHaveFocus();
  });

  it('fetches on hover but keeps the stand-in while the pointer is on it, so no click is lost', async () => {
    const { load, loaded } = setup();
    const user = userEvent.setup();
    await user.hover(screen.getByRole('button', { name: 'Pages' }));
    expect(load).toHaveBeenCalledTimes(1);
    loaded();
    await Promise.resolve();
    expect(screen.queryByRole('menu')).toBeNull();
    await user.unhover(screen.getByRole('button', { name: 'Pages' }));
    expect(await screen.findByRole('menu', { name: 'Pages' })).toHaveAttribute('data-opened', 'false');
  });
});
