import { useLayoutEffect, useState, type RefObject } from 'react';

/** Cards per row for a box of `width` px: 1 on a phone, 2 on a tablet, 3 from a laptop (spec: 1 to 3 per row). */
export function columnsFor(width: number): number {
  if (width >= 900) return 3;
  if (width >= 560) return 2;
  return 1;
}

/** Cards per row for the element's current width, following its resizes. */
export function useColumns(ref: RefObject<HTMLElement | null>): number {
  const [columns, setColumns] = useState(3);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const update = () => setColumns(columnsFor(el.getBoundingClientRect().width || window.innerWidth));
    update();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(update);
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return columns;
}

export function chunk<T>(list: readonly T[], size: number): T[][] {
  const rows: T[][] = [];
  for (let i = 0; i < list.length; i += size) rows.push(list.slice(i, i + size));
  return rows;
}
