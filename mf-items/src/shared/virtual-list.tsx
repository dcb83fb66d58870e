import { useWindowVirtualizer, windowScroll } from '@tanstack/react-virtual';
import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';

export interface VirtualListProps<E> {
  entries: readonly E[];
  getKey(entry: E, index: number): string;
  /**
   * A first guess of an entry's height in px; each rendered entry is then measured. `windowWidth` is the window's
   * width as the list last read it (after a layout, or on resize), so an estimate never reads it itself: a read
   * while the page has changed since its last layout, as inside React's commit, forces one.
   */
  estimateSize(entry: E, index: number, windowWidth: number): number;
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
/** Rendered beyond each edge of the window, in px (six 64 px rows, two phone cards). */
const OVERSCAN_PX = 400;

type Options = Parameters<typeof useWindowVirtualizer<HTMLDivElement>>[0];

/**
 * A row's size from its ResizeObserver entry, which arrives after the browser's own layout. When React attaches a
 * row there is no entry, and the default (offsetHeight) forced a layout inside the commit, once per mounted row
 * and again on every scroll frame; its size change then re-rendered the list synchronously in the same task. The
 * row keeps the size the list already gives it (measured, or estimated while rendering) until the observer reports:
 * no estimate is asked for here, inside the commit, where an estimate that reads the window's size forced the new
 * page's layout.
 */
const measureAfterLayout: NonNullable<Options['measureElement']> = (element, entry, instance) => {
  const box = entry?.borderBoxSize?.[0];
  if (box) return Math.round(box.blockSize);
  const index = instance.indexFromElement(element);
  return instance.itemSizeCache.get(instance.options.getItemKey(index)) ?? instance.measurementsCache[index]?.size ?? instance.options.estimateSize(index);
};

/**
 * The window scroll, less the virtualizer's first write: mounting, it scrolls the window to where the window already
 * is, and that forced a layout of the page React had just committed, with the rows in it. Every later write (scrollToIndex, a correction for rows measured above the fold) goes through.
 */
function scrollAfterMount(): NonNullable<Options['scrollToFn']> {
  let mounted = false;
  return (offset, options, instance) => {
    const mountWrite = !mounted && !options.adjustments && offset === instance.scrollOffset;
    mounted = true;
    if (!mountWrite) windowScroll(offset, options, instance);
  };
}

/**
 * The window's size, as the virtualizer's own window observer gives it, less its first read: that one came in the
 * virtualizer's layout effect, where reading innerWidth forced a layout of the page React had just committed inside
 * the commit's task. Until a ResizeObserver reports after the browser's own
 * layout, the list keeps the first render's guess (initialRect), then reads the size there, where the read is free.
 */
const observeWindowRectAfterLayout: NonNullable<Options['observeElementRect']> = (instance, cb) => {
  const win = instance.scrollElement;
  if (!win) return;
  const read = () => cb({ width: win.innerWidth, height: win.innerHeight });
  let first: ResizeObserver | null = null;
  if (typeof ResizeObserver === 'undefined') read();
  else {
    first = new ResizeObserver(() => {
      first?.disconnect();
      first = null;
      read();
    });
    first.observe(win.document.documentElement);
  }
  win.addEventListener('resize', read, { passive: true });
  return () => {
    first?.disconnect();
    win.removeEventListener('resize', read);
  };
};

/**
 * The list's distance from the top of the document, which the virtualizer needs to know which entries are on
 * screen. Read when a ResizeObserver reports (the page has just been laid out, so the read is free) instead of in
 * a layout effect, where it forced a layout of the freshly committed page; anything above the list that grows or
 * shrinks resizes the document, and so reports too.
 */
function useDocumentTop(ref: RefObject<HTMLElement | null>): number {
  const [top, setTop] = useState(0);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setTop(el.getBoundingClientRect().top + window.scrollY));
    observer.observe(el);
    observer.observe(document.documentElement);
    return () => observer.disconnect();
  }, [ref]);
  return top;
}

/**
 * A list that renders only the entries on screen (plus a few), scrolled by the window as the rest of the page
 * is: 10,000 items cost the DOM of about thirty. Entries can differ in height (headings, rows, card rows); each
 * is measured once the browser has laid it out.
 */
export function VirtualList<E>({ entries, getKey, estimateSize, render, onNearEnd, footer, role, ...aria }: VirtualListProps<E>) {
  const ref = useRef<HTMLDivElement>(null);
  const scrollMargin = useDocumentTop(ref);
  const [scrollToFn] = useState(scrollAfterMount);
  // Read once: the window's size is only the first render's guess, and a read while the page has changed since its
  // last layout (a render inside a commit) forces one.
  const [initialRect] = useState(() => ({ width: window.innerWidth, height: window.innerHeight }));
  const typical = entries.length > 0 ? estimateSize(entries[0]!, 0, initialRect.width) : 64;
  // The virtualizer, for its estimates to know the window's width it last read (assigned below, before any estimate).
  const instance = useRef<{ scrollRect: { width: number } | null } | null>(null);

  const virtualizer = useWindowVirtualizer({
    count: entries.length,
    estimateSize: (i) => estimateSize(entries[i]!, i, instance.current?.scrollRect?.width ?? initialRect.width),
    getItemKey: (i) => getKey(entries[i]!, i),
    measureElement: measureAfterLayout,
    // The window's size from the first render: with the default (0 x 0) the first render showed no rows and the
    // window's real size, read in a layout effect, re-rendered the list synchronously inside React's commit.
    initialRect,
    observeElementRect: observeWindowRectAfterLayout,
    scrollToFn,
    overscan: Math.max(2, Math.ceil(OVERSCAN_PX / typical)),
    scrollMargin,
    // A scroll event schedules the render instead of rendering (and laying out) inside the event: several
    // events of one frame make one render, and the frame is not held up by it.
    useFlushSync: false,
  });
  instance.current = virtualizer;
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
