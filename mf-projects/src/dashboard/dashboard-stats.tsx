import { CheckCircle2, FolderKanban, PackageX, Truck } from 'lucide-react';
import { useDashboardStats } from '../api/catalog-queries';
import { DASHBOARD_SKELETON, StatCards, StatCardsSkeleton } from '@midway/ui/data';

export function DashboardStats() {
  const { data, isLoading } = useDashboardStats();
  if (isLoading) return <StatCardsSkeleton count={DASHBOARD_SKELETON.statCards} />;
  // Each number defaults to 0 when absent (also when the stats could not be loaded).
  return (
    <StatCards
      stats={[
        { label: 'Active Projects', value: data?.activeProjects ?? 0, icon: FolderKanban, tone: 'accent' },
        { label: 'Items in Transit', value: data?.itemsInTransit ?? 0, icon: Truck, tone: 'blue' },
        { label: 'Received This Month', value: data?.receivedThisMonth ?? 0, icon: CheckCircle2, tone: 'green' },
        { label: 'Items without Tracking', value: data?.itemsWithoutTracking ?? 0, icon: PackageX, tone: 'yellow' },
      ]}
    />
  );
}
