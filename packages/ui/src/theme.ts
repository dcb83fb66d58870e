/** Midway design tokens: neutral slate greys, one teal accent, system fonts (no external font files under the CSP). */
export const theme = {
  colors: {
    background: '#f8fafc',
    surface: '#ffffff',
    surfaceMuted: '#f1f5f9',
    border: '#e2e8f0',
    borderStrong: '#cbd5e1',
    text: '#0f172a',
    textMuted: '#475569',
    // ≥ 4.5:1 on surfaceMuted and background (WCAG AA for body text).
    textSubtle: '#5b6b80',
    accent: '#0f766e',
    accentHover: '#115e59',
    accentSoft: '#ccfbf1',
    accentText: '#ffffff',
    danger: '#b91c1c',
    dangerSoft: '#fee2e2',
    sidebar: '#0f172a',
    sidebarText: '#cbd5e1',
    sidebarActive: '#1e293b',
    focus: '#14b8a6',
  },
  badge: {
    green: { bg: '#dcfce7', fg: '#166534' },
    blue: { bg: '#dbeafe', fg: '#1e40af' },
    yellow: { bg: '#fef9c3', fg: '#854d0e' },
    grey: { bg: '#f1f5f9', fg: '#334155' },
    red: { bg: '#fee2e2', fg: '#991b1b' },
    purple: { bg: '#f3e8ff', fg: '#6b21a8' },
  },
  fonts: {
    body: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    mono: "ui-monospace, SFMono-Regular, Menlo, Consolas, monospace",
  },
  fontSizes: { xs: '0.75rem', sm: '0.875rem', md: '1rem', lg: '1.125rem', xl: '1.25rem', xxl: '1.5rem', display: '2.5rem' },
  radii: { sm: '6px', md: '8px', lg: '12px', full: '9999px' },
  space: (n: number) => `${n * 4}px`,
  shadows: {
    sm: '0 1px 2px rgba(15, 23, 42, 0.06)',
    md: '0 4px 12px rgba(15, 23, 42, 0.08)',
    lg: '0 16px 40px rgba(15, 23, 42, 0.18)',
  },
  breakpoints: { sm: '640px', md: '768px', lg: '1024px' },
  sidebarWidth: '256px',
} as const;

export type MidwayTheme = typeof theme;
export type BadgeTone = keyof MidwayTheme['badge'];
