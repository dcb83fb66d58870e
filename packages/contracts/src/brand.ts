/**
 * The Midway brand as plain values — no zod, no React, no styled-components — so pages rendered outside the
 * React app (identity's sign-in, sign-up and password pages) use the app's colours and logo: `@midway/ui`'s
 * theme and logo carry the same values. Imported as `@midway/contracts/brand` (built for Node, source for
 * webpack, like `/vocab`).
 */
export const BRAND_NAME = 'Midway';

export const BRAND_COLORS = {
  background: '#f8fafc',
  surface: '#ffffff',
  border: '#e2e8f0',
  borderStrong: '#cbd5e1',
  text: '#0f172a',
  textMuted: '#475569',
  accent: '#0f766e',
  accentHover: '#115e59',
  accentSoft: '#ccfbf1',
  accentText: '#ffffff',
  danger: '#b91c1c',
  dangerSoft: '#fee2e2',
  focus: '#14b8a6',
} as const;

export const BRAND_FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

/** The logo mark (as assets/favicon.svg): a teal tile with a white M. */
export function logoSvg(size = 28): string {
  return `<svg width="${size}" height="${size}" viewBox="0 0 32 32" aria-hidden="true" focusable="false"><rect width="32" height="32" rx="7" fill="${BRAND_COLORS.accent}"/><path d="M8 22V10l8 7 8-7v12" fill="none" stroke="#fff" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"/></svg>`;
}
