import { jsonResponse, mockFetch, renderWithProviders } from '@midway/ui/testing';
import { screen } from '@testing-library/react';
import type { CurrentUser } from '@midway/contracts';
import { ADMIN } from '../test-fixtures';
import ReceivingPage from './receiving.page';

const DESIGNER: CurrentUser = { ...ADMIN, id: '7c0a3f5e-2a8f-4c1e-8b1a-0e5d2f9c6b33', email: 'noor@example.com', systemRole: 'designer' };
const routes = (user: CurrentUser) => ({
  'GET /api/auth/user': () => jsonResponse(user),
  'GET /api/carriers': () => jsonResponse([]),
  'GET /api/receiving/arrivals?status=unmatched': () => jsonResponse([]),
  'GET /api/receiving/inspections?status=pending': () => jsonResponse([]),
});
const receivingCalls = (fetchMock: jest.Mock) => fetchMock.mock.calls.map(([url]) => String(url)).filter((u) => u.includes('/api/receiving'));

describe('the receiving page', () => {
  it('gives an admin the scan box, the unmatched arrivals and the inspection queue', async () => {
    const fetchMock = mockFetch(routes(ADMIN));
    renderWithProviders(<ReceivingPage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Receiving' })).toBeTruthy();
    expect(screen.getByLabelText('Tracking number or barcode')).toBeTruthy();
    expect(await screen.findByText('None waiting')).toBeTruthy();
    expect(await screen.findByText('All clear')).toBeTruthy();
    expect(receivingCalls(fetchMock).sort()).toEqual(['/api/receiving/arrivals?status=unmatched', '/api/receiving/inspections?status=pending']);
  });

  it('shows anyone else Access Denied and asks logistics nothing', async () => {
    const fetchMock = mockFetch(routes(DESIGNER));
    renderWithProviders(<ReceivingPage />);
    expect(await screen.findByText('Access Denied: Only Midway administrators can access the receiving desk.')).toBeTruthy();
    expect(screen.queryByLabelText('Tracking number or barcode')).toBeNull();
    expect(receivingCalls(fetchMock)).toEqual([]);
  });
});
