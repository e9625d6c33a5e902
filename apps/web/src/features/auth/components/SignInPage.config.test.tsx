import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createAppRoutes } from '../../../app/router';
import { calledUrls } from '../../../test/api';
import { renderRoutes } from '../../../test/render';

// A file of its own: the configuration loader caches a successful load for the whole module graph.
describe('sign-in page without configuration', () => {
  it("renders its form, and says Can't connect to the server when /data/config.json fails", async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => new Response('Bad gateway', { status: 502 }));
    vi.stubGlobal('fetch', fetchMock);
    renderRoutes(createAppRoutes(), '/sign-in');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText("Can't connect to the server")).toBeInTheDocument();
    expect(calledUrls(fetchMock)).toEqual(['/data/config.json']);
  });
});
