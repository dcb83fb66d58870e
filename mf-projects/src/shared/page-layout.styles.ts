import styled from 'styled-components';

/** Main column and side panel; one column below the large breakpoint (project page and client page). */
export const Columns = styled.div`
  display: grid;
  gap: 24px;
  grid-template-columns: minmax(0, 2fr) minmax(280px, 1fr);
  align-items: start;
  @media (max-width: ${({ theme }) => theme.breakpoints.lg}) { grid-template-columns: minmax(0, 1fr); }
`;

// One track of minmax(0, 1fr): the cards take the column's width, not their longest unbreakable line's.
export const Side = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: 24px;
`;

/** An item's photo, or its placeholder icon, in a 56 px tile. */
export const Thumb = styled.div`
  width: 56px;
  height: 56px;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  color: ${({ theme }) => theme.colors.textSubtle};
  display: flex;
  align-items: center;
  justify-content: center;
  overflow: hidden;
  img { width: 100%; height: 100%; object-fit: cover; }
  svg { width: 20px; height: 20px; }
`;
