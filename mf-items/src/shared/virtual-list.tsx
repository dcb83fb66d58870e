import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';

export interface VirtualListProps<E> {
  entries: readonly E[];
  getKey(entry: E, index: number): string;
  /** A first guess of an entry's height in px; each rendered entry is then measured. */
  estimateSize(entry: E, index: number): number;
  render(entry: E, index: number): ReactNode;
  /** Called when the last rendered entries come near the end of what is loaded (the next API page is fetched). */
  onNearEnd?(): void;
  /** Shown after the last entry (e.g. 'Loading more…'). */
  footer?: ReactNode;
  /** The list's accessible role; rows inherit whatever their renderer gives them. */
  role?: string;
  'aria-label'?: string;
  'data-testid'?: string;
}

/** How many entries before the end of what is loaded the next page is requested. */
const PREFETCH_ENTRIES = 40;

/**
 * A list that renders only the entries on screen (plus a few), scrolled by the window as the rest of the page
 * is: 10,000 items cost the DOM of about thirty. Entries can differ in height (headings, rows, card rows).
 */
export function VirtualList<E>({ entries, getKey, estimateSize, render, onNearEnd, footer, role, ...aria }: VirtualListProps<E>) {
  const ref = useRef<HTMLDivElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  useLayoutEffect(() => {
    const measure = () => setScrollMargin(ref.current ? ref.current.getBoundingClientRect().top + window.scrollY : 0);
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, []);

  const virtualizer = useWindowVirtualizer({
    count: entries.length,
    estimateSize: (i) => estimateSize(entries[i]!, i),
    getItemKey: (i) => getKey(entries[i]!, i),
    overscan: 6,
    scrollMargin,
    // A scroll event schedules the render instead of rendering (and laying out) inside the event: several
    // events of one frame make one render, and the frame is not held up by it.
    useFlushSync: false,
  });
  const rows = virtualizer.getVirtualItems();
  const last = rows[rows.length - 1]?.index ?? -1;
  useEffect(() => {
    if (onNearEnd && entries.length > 0 && last >= entries.length - PREFETCH_ENTRIES) onNearEnd();
  }, [last, entries.length, onNearEnd]);

  return (
    <div ref={ref} role={role} aria-label={aria['aria-label']} data-testid={aria['data-testid']}>
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative', width: '100%' }}>
        {rows.map((row) => (
          <div
            key={row.key}
            data-index={row.index}
            ref={virtualizer.measureElement}
            // Contained: a row mounted while scrolling lays out on its own instead of invalidating its neighbours.
            style={{ position: 'absolute', top: 0, left: 0, width: '100%', contain: 'layout style', transform: `translateY(${row.start - virtualizer.options.scrollMargin}px)` }}
          >
            {render(entries[row.index]!, row.index)}
          </div>
        ))}
      </div>
      {footer}
    </div>
  );
}
