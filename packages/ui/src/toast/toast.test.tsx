import { act, render, screen } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { theme } from '../theme';
import { Toaster } from './toast';
import { getToasts, resetToasts, toast, TOAST_DURATION_MS, TOAST_HOTKEY, TOAST_LIMIT, TOAST_SWIPE_THRESHOLD_PX } from './toast-store';

describe('toasts', () => {
  beforeEach(() => resetToasts());

  it('uses the spec constants', () => {
    expect(TOAST_LIMIT).toBe(1);
    expect(TOAST_DURATION_MS).toBe(5000);
    expect(TOAST_SWIPE_THRESHOLD_PX).toBe(50);
    expect(TOAST_HOTKEY).toEqual(['F8']);
  });

  it('keeps at most one toast: the newest replaces the older', () => {
    toast({ title: 'First' });
    toast({ title: 'Second' });
    expect(getToasts().map((t) => t.title)).toEqual(['Second']);
  });

  it('renders only one toast at a time and an F8-labelled region', async () => {
    render(
      <ThemeProvider theme={theme}>
        <Toaster />
      </ThemeProvider>,
    );
    act(() => {
      toast({ title: 'Message Sent!', description: 'Thanks' });
      toast({ title: 'Error', description: 'Failed to send message. Please try again.', variant: 'destructive' });
    });
    // The region's code is loaded with the first toast.
    expect(await screen.findAllByText('Error')).not.toHaveLength(0);
    expect(screen.queryByText('Message Sent!')).toBeNull();
    expect(screen.getByRole('region', { name: /Notifications \(F8\)/ })).toBeTruthy();
  });
});
