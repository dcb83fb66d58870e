import { buttonStyles, type ButtonStyleProps } from '@midway/ui';
import { createGlobalStyle } from 'styled-components';

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
};
export type RowIcon = keyof typeof ICONS;
export const rowIconClass = (icon: RowIcon) => `mi-icon mi-icon-${icon}`;
/** A ghost icon button like @midway/ui's <Button $variant="ghost" $size="icon">. */
export const ROW_BUTTON_CLASS = 'mi-row-button';
export const ROW_WARNING_CLASS = 'mi-row-warning';
export const ROW_THUMB_CLASS = 'mi-row-thumb';

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
  .${ROW_THUMB_CLASS} {
    flex-shrink: 0;
    width: 40px;
    height: 40px;
    border-radius: ${({ theme }) => theme.radii.md};
    background: ${({ theme }) => theme.colors.surfaceMuted};
    color: ${({ theme }) => theme.colors.textSubtle};
    display: inline-flex;
    align-items: center;
    justify-content: center;
    overflow: hidden;
    img { width: 100%; height: 100%; object-fit: cover; }
    .mi-icon { width: 20px; height: 20px; }
  }
`;
