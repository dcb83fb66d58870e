import styled from 'styled-components';

export const TableContainer = styled.div`
  width: 100%;
  overflow-x: auto;
`;

export const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

export const TableHead = styled.thead`
  background: ${({ theme }) => theme.colors.surfaceMuted};
`;

export const TableBody = styled.tbody``;

export const TableRow = styled.tr`
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  tbody &:hover { background: ${({ theme }) => theme.colors.background}; }
`;

export const TableHeaderCell = styled.th`
  text-align: left;
  padding: 10px 16px;
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: 600;
  text-transform: uppercase;
  letter-spacing: 0.04em;
  color: ${({ theme }) => theme.colors.textMuted};
`;

export const TableCell = styled.td`
  padding: 12px 16px;
  vertical-align: middle;
  /* An auto-layout table squeezes its cells; icons keep their size (a View link's eye had shrunk to 3 px). */
  svg { flex-shrink: 0; }
`;
