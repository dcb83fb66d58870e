import { useEffect } from 'react';

/** The product name every tab title ends with, and the whole title when no page has named itself. */
export const PRODUCT_TITLE = 'Midway';

/** 'Projects' → 'Projects · Midway'. */
export function formatPageTitle(title: string | undefined): string {
  const t = title?.trim();
  return t ? `${t} · ${PRODUCT_TITLE}` : PRODUCT_TITLE;
}

interface Entry {
  id: number;
  title: string;
  priority: number;
}

// One list for the whole page: @midway/ui is a shared singleton, so the shell and every remote write here.
const entries: Entry[] = [];
let sequence = 0;

function apply(): void {
  let top: Entry | undefined;
  for (const e of entries) if (!top || e.priority > top.priority || (e.priority === top.priority && e.id > top.id)) top = e;
  const title = top ? top.title : PRODUCT_TITLE;
  // Writing the title costs a few ms even when unchanged (the browser is told each time); the shell and the
  // page mostly agree on it.
  if (document.title !== title) document.title = title;
}

/** What usePageTitle's priority means: a route's own page wins over the shell's name for the route. */
export const TITLE_PRIORITY = { route: 0, page: 1 } as const;

/**
 * Names the browser tab while the calling component is mounted: '<title> · Midway'. A priority rather than
 * mount order decides between titles, because React runs a child's effects before its parent's: the shell names
 * each route (priority `route`, shown while a remote loads or when it is unavailable) and the page a remote
 * renders inside it names itself more precisely (priority `page`, e.g. the project's name).
 * `full: true` uses the title as given, without the product suffix.
 */
export function usePageTitle(title: string | undefined, opts: { priority?: number; full?: boolean } = {}): void {
  const { priority = TITLE_PRIORITY.page, full = false } = opts;
  useEffect(() => {
    if (title === undefined) return;
    const entry: Entry = { id: ++sequence, title: full ? title : formatPageTitle(title), priority };
    entries.push(entry);
    apply();
    return () => {
      entries.splice(entries.indexOf(entry), 1);
      apply();
    };
  }, [title, priority, full]);
}

/** usePageTitle as an element, for routes defined as JSX. */
export function PageTitle({ title, priority, full }: { title: string | undefined; priority?: number; full?: boolean }): null {
  usePageTitle(title, { priority, full });
  return null;
}
