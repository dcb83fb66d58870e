import { useLayoutEffect } from 'react';

// Type-checked against the contract's literals, without bundling the contracts' zod schemas.
export const PRERENDERED_ATTRIBUTE: typeof import('@midway/contracts').PRERENDERED_ATTRIBUTE = 'data-prerendered';
const PRERENDER_STYLE_ID: typeof import('@midway/contracts').PRERENDER_STYLE_ID = 'prerendered-css';

/**
 * Once React's first screen is committed (it replaced the prerendered HTML), drops the prerendered CSS before
 * the browser paints: its class names belong to the server's render, not to this page's components.
 */
export function useDropPrerenderedStyles(): void {
  useLayoutEffect(() => {
    document.getElementById(PRERENDER_STYLE_ID)?.remove();
    document.getElementById('root')?.removeAttribute(PRERENDERED_ATTRIBUTE);
  }, []);
}
