import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { preloadableLazy } from './preloadable-lazy';

function Page({ name }: { name: string }) {
  return <h1>{name}</h1>;
}

describe('preloadableLazy', () => {
  it('renders a preloaded module in the first commit, without its fallback', async () => {
    const Lazy = preloadableLazy(async () => ({ default: Page }));
    await Lazy.preload();
    const commits: string[] = [];
    render(
      <Suspense fallback={<p>loading</p>}>
        <Lazy name="Items" />
      </Suspense>,
    );
    commits.push(document.body.textContent ?? '');
    expect(commits).toEqual(['Items']);
  });

  it('suspends like React.lazy when nothing was preloaded, and loads the module once', async () => {
    const load = jest.fn(async () => ({ default: Page }));
    const Lazy = preloadableLazy(load);
    render(
      <Suspense fallback={<p>loading</p>}>
        <Lazy name="Items" />
      </Suspense>,
    );
    expect(screen.getByText('loading')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Items' })).toBeTruthy();
    await act(() => Lazy.preload());
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries a failed load again on the next preload', async () => {
    const load = jest.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue({ default: Page });
    const Lazy = preloadableLazy(load);
    await expect(Lazy.preload()).rejects.toThrow('offline');
    await expect(Lazy.preload()).resolves.toEqual({ default: Page });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
