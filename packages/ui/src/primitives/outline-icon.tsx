import type { ReactNode } from 'react';

/**
 * A 24 × 24 outline icon drawn like lucide's (whose path data, ISC, the few icons of @midway/ui reuse). The core and
 * data entries draw their handful of icons inline: importing lucide-react would add its icon runtime to them, and
 * every app already bundles its own copy for its own icons.
 */
export function OutlineIcon({ children }: { children: ReactNode }) {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden focusable="false">
      {children}
    </svg>
  );
}
