// @midway/ui/data: what the signed-in pages that show data are made of (page header, tables, stat cards, empty
// states, the dashboard's frame). A shared singleton of its own, so the signed-out landing page never downloads it.
export { PageHeader, PageHeading, PageStack, type PageHeaderProps } from '../primitives/page-header';
export { EmptyState } from '../primitives/empty-state';
export { Table, TableContainer, TableHead, TableBody, TableRow, TableHeaderCell, TableCell } from './table';
export { DataTable, DATA_TABLE_CARDS_BELOW_PX, type DataColumn, type DataTableProps } from './data-table';
export { StatCards, StatCardsSkeleton, type StatCardModel, type StatTone } from './stat-cards';
export { ProgressBar } from './progress-bar';
export { ListSkeleton } from './list-skeleton';
export {
  DashboardHeader,
  DashboardSkeleton,
  DashboardColumns,
  WelcomeCard,
  DASHBOARD_TITLE,
  DASHBOARD_SUBTITLE,
  DASHBOARD_SKELETON,
  PROJECT_TABLE_HEADERS,
  PROJECT_TABLE_CARDS_BELOW_PX,
  WELCOME_MESSAGE,
} from './dashboard';
export { PAGE_HEADINGS, PROJECT_ITEMS_HEADING, PageFrameSkeleton, ProjectSubline, backLinkStyles, type HeadedPage } from './page-frames';
