import { act, render, screen } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { VirtualList } from './virtual-list';

/** Marks React's layout phase: rows' refs are attached between these two siblings' layout effects. */
let inCommit = false;
function CommitStart() {
  useLayoutEffect(() => {
    inCommit = true;
  });
  return null;
}
function CommitEnd() {
  useLayoutEffect(() => {
    inCommit = false;
  });
  return null;
}

const entries = Array.from({ length: 500 }, (_, i) => `Item ${i + 1}`);

describe('VirtualList', () => {
  it('renders the first entries only, and asks for no size estimate while React attaches its rows', () => {
    // An estimate may read the window's size; inside the commit that forces the new page's whole layout.
    const duringCommit: number[] = [];
    const widths = new Set<number>();
    const estimateSize = (_e: string, i: number, windowWidth: number) => {
      if (inCommit) duringCommit.push(i);
      widths.add(windowWidth);
      return 64;
    };
    render(
      <>
        <CommitStart />
        <VirtualList entries={entries} getKey={(e) => e} estimateSize={estimateSize} render={(e) => <p>{e}</p>} aria-label="Items" role="list" />
        <CommitEnd />
      </>,
    );
    expect(screen.getByText('Item 1')).toBeTruthy();
    expect(screen.queryByText('Item 500')).toBeNull();
    expect(duringCommit).toEqual([]);
    // The estimates are given the window's width, so that none reads it.
    expect([...widths]).toEqual([window.innerWidth]);
  });

  it("reads the window's size only once the browser has laid the page out, and then shows the rows that fit it", () => {
    // A ResizeObserver as the browser has one: it reports after layout (here: when the test says so).
    const observers: (() => void)[] = [];
    const original = (globalThis as { ResizeObserver?: unknown }).ResizeObserver;
    (globalThis as { ResizeObserver?: unknown }).ResizeObserver = class {
      constructor(private readonly callback: (entries: unknown[]) => void) {}
      observe() {
        observers.push(() => this.callback([]));
      }
      unobserve() {}
      disconnect() {}
    };
    const height = Object.getOwnPropertyDescriptor(window, 'innerHeight')!;
    let readsInCommit = 0;
    let windowHeight = 768;
    Object.defineProperty(window, 'innerHeight', {
      configurable: true,
      get: () => {
        if (inCommit) readsInCommit += 1;
        return windowHeight;
      },
    });
    try {
      render(
        <>
          <CommitStart />
          <VirtualList entries={entries} getKey={(e) => e} estimateSize={() => 64} render={(e) => <p>{e}</p>} aria-label="Items" role="list" />
          <CommitEnd />
        </>,
      );
      expect(readsInCommit).toBe(0);
      expect(screen.queryByText('Item 40')).toBeNull();
      // The window is taller than the first render guessed: once the observer reports, the rows that fit it render.
      windowHeight = 3000;
      act(() => observers.forEach((report) => report()));
      expect(screen.getByText('Item 40')).toBeTruthy();
    } finally {
      Object.defineProperty(window, 'innerHeight', height);
      (globalThis as { ResizeObserver?: unknown }).ResizeObserver = original;
    }
  });
});
