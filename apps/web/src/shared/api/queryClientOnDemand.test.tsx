import { QueryClient } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { describe, expect, it } from 'vitest';
import {
  loadQueryClient,
  QueryClientOnDemand,
  useOptionalQueryClient,
  withQueryClient,
} from './queryClientOnDemand';

let mounts = 0;
function Probe() {
  const client = useOptionalQueryClient();
  useEffect(() => {
    mounts += 1;
  }, []);
  return <p>{client === undefined ? 'no client' : 'client'}</p>;
}

describe('the query client on demand (decision 700)', () => {
  it('gives the page no client until it is loaded, then the loaded one, without remounting it', async () => {
    render(
      <QueryClientOnDemand>
        <Probe />
      </QueryClientOnDemand>,
    );
    expect(screen.getByText('no client')).toBeInTheDocument();
    const client = await act(() => loadQueryClient());
    expect(screen.getByText('client')).toBeInTheDocument();
    expect(mounts).toBe(1);
    // One client for the app: every later load answers the same.
    expect(await loadQueryClient()).toBe(client);
  });

  it("gives a test's own client at once", () => {
    const own = new QueryClient();
    const seen: (QueryClient | undefined)[] = [];
    function Reader() {
      seen.push(useOptionalQueryClient());
      return null;
    }
    render(
      <QueryClientOnDemand client={own}>
        <Reader />
      </QueryClientOnDemand>,
    );
    expect(seen.at(-1)).toBe(own);
  });

  it("finishes a page's load only once the client is there too", async () => {
    const page = await withQueryClient(() => Promise.resolve('page'))();
    expect(page).toBe('page');
    await expect(withQueryClient(() => Promise.reject(new Error('offline')))()).rejects.toThrow('offline');
  });
});
