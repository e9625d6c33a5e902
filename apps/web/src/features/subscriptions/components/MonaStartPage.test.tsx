import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { navigateExternal } from '../../../shared/lib/browser';
import { calledUrls, json, mockApi } from '../../../test/api';
import { renderMona } from '../test/renderMona';

vi.mock('../../../shared/lib/browser', () => ({ navigateExternal: vi.fn() }));

afterEach(() => {
  vi.mocked(navigateExternal).mockReset();
  vi.unstubAllGlobals();
});

const CONSENT = 'https://login.microsoftonline.com/common/oauth2/v2.0/authorize?client_id=maya';

describe('/microsoft/mona/start', () => {
  it('asks for the consent address with is_mona and the marketplace token, then leaves for it', async () => {
    const fetchMock = mockApi(() => json(200, { auth_uri: CONSENT }));
    renderMona('/microsoft/mona/start?token=mkt%2Btoken%3D%3D');
    expect(screen.getByText('Connecting your Microsoft subscription…')).toBeInTheDocument();
    await vi.waitFor(() => expect(navigateExternal).toHaveBeenCalledWith(CONSENT));
    const urls = calledUrls(fetchMock).filter((url) => url !== '/data/config.json');
    expect(urls).toHaveLength(1);
    const url = new URL(urls[0] ?? '', 'http://localhost');
    expect(url.pathname).toBe('/api/auth/microsoft/auth_uri');
    expect(url.searchParams.get('is_mona')).toBe('1');
    expect(url.searchParams.get('state')).toBe('mkt+token==');
  });

  it('without a token says the subscription does not exist and calls nothing', async () => {
    const fetchMock = mockApi(() => json(200, { auth_uri: CONSENT }));
    renderMona('/microsoft/mona/start');
    expect(
      await screen.findByText('This subscription does not exist. Please contact support.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/sign-in');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('404: Microsoft account not connected, with a link back to sign-in', async () => {
    mockApi(() => json(404, { detail: { type: 'not_found' } }));
    renderMona('/microsoft/mona/start?token=t-1');
    expect(await screen.findByText('Microsoft account not connected')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toBeInTheDocument();
    expect(navigateExternal).not.toHaveBeenCalled();
  });

  it('other failures name the error type, and Try again asks again', async () => {
    let attempts = 0;
    mockApi(() => {
      attempts += 1;
      return attempts === 1
        ? json(503, { detail: { type: 'provider_unavailable' } })
        : json(200, { auth_uri: CONSENT });
    });
    renderMona('/microsoft/mona/start?token=t-1');
    expect(
      await screen.findByText('Error getting Microsoft auth URI: provider_unavailable'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await vi.waitFor(() => expect(navigateExternal).toHaveBeenCalledWith(CONSENT));
  });
});
