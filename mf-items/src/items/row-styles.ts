import { badgeStyles, buttonStyles, theme, type ButtonStyleProps } from '@midway/ui';
import { createGlobalStyle, css } from 'styled-components';

/*
 * The list rows' icons and buttons as plain elements with global classes. A list of thousands mounts and
 * unmounts rows on every scroll frame; an icon component renders an <svg> of several elements and ~10
 * attributes, and each styled component computes its class per mount — together most of a row's cost. Here an
 * icon is one <span> masked by its shape (lucide 1.75's paths, ISC) and coloured by currentColor.
 */
const shape = (body: string) =>
  `url("data:image/svg+xml,${encodeURIComponent(
    `<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24' fill='none' stroke='black' stroke-width='2' stroke-linecap='round' stroke-linejoin='round'>${body}</svg>`,
  )}")`;

const ICONS = {
  eye: shape(`<path d='M2.062 12.348a1 1 0 0 1 0-.696 10.75 10.75 0 0 1 19.876 0 1 1 0 0 1 0 .696 10.75 10.75 0 0 1-19.876 0'/><circle cx='12' cy='12' r='3'/>`),
  pencil: shape(`<path d='M21.174 6.812a1 1 0 0 0-3.986-3.987L3.842 16.174a2 2 0 0 0-.5.83l-1.321 4.352a.5.5 0 0 0 .623.622l4.353-1.32a2 2 0 0 0 .83-.497z'/><path d='m15 5 4 4'/>`),
  image: shape(`<rect width='18' height='18' x='3' y='3' rx='2' ry='2'/><circle cx='9' cy='9' r='2'/><path d='m21 15-3.086-3.086a2 2 0 0 0-2.828 0L6 21'/>`),
  alert: shape(`<path d='m21.73 18-8-14a2 2 0 0 0-3.48 0l-8 14A2 2 0 0 0 4 21h16a2 2 0 0 0 1.73-3'/><path d='M12 9v4'/><path d='M12 17h.01'/>`),
  external: shape(`<path d='M15 3h6v6'/><path d='M10 14 21 3'/><path d='M18 13v6a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h6'/>`),
  // The item statuses' icons, as @midway/ui/status shows them.
  ordered: shape(`<path d='m2.05 2.05 1.099-.028a1 1 0 0 1 1.008.815l2.69 14.347A1 1 0 0 0 7.83 18H18'/><path d='M4.563 5h16.435a1 1 0 0 1 .981 1.204l-1.026 6.226A2 2 0 0 1 18.962 14H6.25'/><circle cx='18' cy='20' r='2'/><circle cx='8' cy='20' r='2'/>`),
  'in-transit': shape(`<path d='M14 18V6a2 2 0 0 0-2-2H4a2 2 0 0 0-2 2v11a1 1 0 0 0 1 1h2'/><path d='M15 18H9'/><path d='M19 18h2a1 1 0 0 0 1-1v-3.65a1 1 0 0 0-.22-.624l-3.48-4.35A1 1 0 0 0 17.52 8H14'/><circle cx='17' cy='18' r='2'/><circle cx='7' cy='18' r='2'/>`),
  received: shape(`<path d='M12 22V12'/><path d='m16 17 2 2 4-4'/><path d='M21 11.127V8a2 2 0 0 0-1-1.73l-7-4a2 2 0 0 0-2 0l-7 4A2 2 0 0 0 3 8v8a2 2 0 0 0 1 1.729l7 4a2 2 0 0 0 2 .001l1.32-.753'/><path d='M3.29 7 12 12l8.71-5'/><path d='m7.5 4.27 8.997 5.148'/>`),
  stored: shape(`<path d='M18 21V10a1 1 0 0 0-1-1H7a1 1 0 0 0-1 1v11'/><path d='M22 19a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V8a2 2 0 0 1 1.132-1.803l7.95-3.974a2 2 0 0 1 1.837 0l7.948 3.974A2 2 0 0 1 22 8z'/><path d='M6 13h12'/><path d='M6 17h12'/>`),
  delivered: shape(`<circle cx='12' cy='12' r='10'/><path d='m16 9-5.5 5.5L8 12'/>`),
} satisfies Record<string, string>;

/** Below this width of the list's own box rows become small cards (the eight columns need about this much). */
export const ROWS_AS_CARDS_BELOW_PX = 860;
export type RowColumns = 'with-project' | 'without-project';
export const rowTemplate = (cols: RowColumns) =>
  cols === 'with-project'
    ? 'minmax(180px, 2.2fr) minmax(120px, 1.4fr) minmax(90px, 1fr) minmax(70px, 0.8fr) minmax(110px, 1.2fr) 110px 70px 96px'
    : 'minmax(180px, 2.4fr) minmax(90px, 1fr) minmax(70px, 0.8fr) minmax(110px, 1.2fr) 110px 70px 96px';
/** The checkbox column List View puts first while items can be selected. */
export const SELECT_COLUMN = '24px';
export const rowClass = (cols: RowColumns, select = false) => `mi-row mi-row-${cols}${select ? ' mi-row-select' : ''}`;
/** A row's (and the select-all) checkbox. */
export const ROW_SELECT_CLASS = 'mi-row-check';
/** On the list's frame while a phone's select mode is on: the cards show their checkboxes. */
export const SELECTING_CLASS = 'mi-selecting';
/** A badge like @midway/ui's <Badge $tone>. */
export const badgeClass = (tone: string) => `mi-badge mi-tone-${tone}`;
export type RowIcon = keyof typeof ICONS;
export const rowIconClass = (icon: RowIcon) => `mi-icon mi-icon-${icon}`;
/** A ghost icon button like @midway/ui's <Button $variant="ghost" $size="icon">. */
export const ROW_BUTTON_CLASS = 'mi-row-button';
export const ROW_WARNING_CLASS = 'mi-row-warning';
export const ROW_THUMB_CLASS = 'mi-row-thumb';

/** A photo or its placeholder in a square box: the card's Thumb and the list rows' thumbnail (sized by each). */
export const thumbStyles = css`
  flex-shrink: 0;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  color: ${({ theme }) => theme.colors.textSubtle};
  display: inline-flex;
  align-items: center;
  justify-content: center;
  overflow: hidden;
  img { width: 100%; height: 100%; object-fit: cover; }
`;

/** Rendered once by each view that shows rows (several instances share one stylesheet entry). */
export const RowStyles = createGlobalStyle<ButtonStyleProps>`
  .mi-icon {
    display: inline-block;
    width: 16px;
    height: 16px;
    flex-shrink: 0;
    background-color: currentColor;
    -webkit-mask: var(--mi-icon) center / contain no-repeat;
    mask: var(--mi-icon) center / contain no-repeat;
  }
  ${Object.entries(ICONS)
    .map(([name, url]) => `.mi-icon-${name} { --mi-icon: ${url}; }`)
    .join('\n')}
  .${ROW_BUTTON_CLASS} { ${buttonStyles} }
  .${ROW_WARNING_CLASS} {
    display: inline-flex;
    align-items: center;
    gap: 4px;
    color: ${({ theme }) => theme.badge.yellow.fg};
    .mi-icon { width: 14px; height: 14px; }
  }
  .mi-row {
    display: grid;
    gap: 12px;
    align-items: center;
    padding: 10px 16px;
    border-top: 1px solid ${({ theme }) => theme.colors.border};
    font-size: ${({ theme }) => theme.fontSizes.sm};
    & > * { min-width: 0; overflow-wrap: anywhere; }
    .item { display: flex; gap: 10px; align-items: center; }
    .name { font-weight: 600; }
    .muted { font-size: ${({ theme }) => theme.fontSizes.xs}; color: ${({ theme }) => theme.colors.textMuted}; }
    .inline { display: flex; align-items: center; gap: 2px; }
    .statuses { display: flex; flex-wrap: wrap; align-items: center; gap: 4px; }
    /* A tracking number reads as one piece: never wrapped mid-number, cut with an ellipsis when the cell is too narrow. */
    .code { min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; font-variant-numeric: tabular-nums; }
  }
  .mi-row-with-project { grid-template-columns: ${rowTemplate('with-project')}; }
  .mi-row-without-project { grid-template-columns: ${rowTemplate('without-project')}; }
  .mi-row-with-project.mi-row-select { grid-template-columns: ${SELECT_COLUMN} ${rowTemplate('with-project')}; }
  .${ROW_SELECT_CLASS} { width: 18px; height: 18px; margin: 0; accent-color: ${({ theme }) => theme.colors.accent}; cursor: pointer; }
  .${ROW_SELECT_CLASS}:disabled { cursor: not-allowed; }
  .mi-row[data-selected] { background: ${({ theme }) => theme.colors.accentSoft}; }
  @container (max-width: ${ROWS_AS_CARDS_BELOW_PX - 0.02}px) {
    .mi-row.mi-row-with-project, .mi-row.mi-row-without-project { grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); }
    .mi-row [data-col='Item'], .mi-row [data-col='Actions'] { grid-column: 1 / -1; }
    /* A card's checkbox shows in select mode only (a phone has no room for it beside every card otherwise). */
    .mi-row [data-col='Select'] { display: none; }
    .${SELECTING_CLASS} .mi-row [data-col='Select'] { display: block; grid-column: 1 / -1; }
    .mi-row [data-label]::before {
      content: attr(data-label);
      display: block;
      font-size: ${({ theme }) => theme.fontSizes.xs};
      color: ${({ theme }) => theme.colors.textMuted};
    }
  }
  .mi-badge {
    ${badgeStyles}
    .mi-icon { width: 12px; height: 12px; }
  }
  ${Object.entries(theme.badge)
    .map(([tone, c]) => `.mi-tone-${tone} { background: ${c.bg}; color: ${c.fg}; }`)
    .join('\n')}
  .${ROW_THUMB_CLASS} {
    ${thumbStyles}
    width: 40px;
    height: 40px;
    .mi-icon { width: 20px; height: 20px; }
  }
`;
