import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { usePublicConfig } from './public-config-query';
import { fakeResponse } from './test-response';

const config = { productName: 'Midway', providerName: 'Harbourline Logistics Ltd.', supportPhone: '+1 555 0100', supportEmail: 'help@midway.test', supportAddress: '1 Dock St', stripePublishableKey: null };

function wrapper() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

describe('usePublicConfig', () => {
  it('gives the config of the runtime manifest, fetched once for every caller on the page', async () => {
    const fetchMock = jest.fn(async () => fakeResponse(200, JSON.stringify({ remotes: [], config })));
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    const Wrapper = wrapper();
    const { result } = renderHook(() => [usePublicConfig(), usePublicConfig()], { wrapper: Wrapper });
    await waitFor(() => expect(result.current[0]!.data).toEqual(config));
    expect(result.current[1]!.data).toEqual(config);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledWith('/runtime-manifest.json', { credentials: 'include' });
  });

  it('reports a failed fetch as an error, not as an empty configuration', async () => {
    globalThis.fetch = jest.fn(async () => fakeResponse(503, '', 'Service Unavailable')) as unknown as typeof fetch;
    const { result } = renderHook(() => usePublicConfig(), { wrapper: wrapper() });
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.data).toBeUndefined();
  });
});
