import { TabsList } from '@midway/ui/tabs';
import styled from 'styled-components';

// The pieces the Items and Services pages lay their lists out with, so both pages look and wrap the same.

/** Under the filters: the view tabs, the count and any actions, wrapping on a narrow screen. */
export const ViewBar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
`;

/** The view tabs, scrolling sideways instead of wrapping when the screen is narrow. */
export const ViewTabs = styled(TabsList)`
  max-width: 100%;
  overflow-x: auto;
  & > button { white-space: nowrap; }
`;

/** A count or status line beside the list. */
export const MutedText = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** One row of cards of the virtual list: as many columns as fit (useColumns). */
export const CardRow = styled.div<{ $columns: number }>`
  display: grid;
  grid-template-columns: repeat(${({ $columns }) => $columns}, minmax(0, 1fr));
  gap: 16px;
  padding-bottom: 16px;
`;
