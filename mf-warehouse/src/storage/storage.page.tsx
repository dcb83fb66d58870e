import { PAGE_HEADINGS, PageHeader, PageStack } from '@midway/ui/data';
import { useCurrentUser } from '@midway/ui/query';
import { useSearchParams } from '@midway/ui/router';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@midway/ui/tabs';
import { CountPanel } from '../counts/count-panel';
import { FindPanel } from '../find/find-panel';
import { LocationsPanel } from '../locations/locations-panel';
import { PutAway } from '../put-away/put-away';
import { StaffOnly } from '../shared/staff-only';

export const { title: STORAGE_TITLE, subtitle: STORAGE_SUBTITLE } = PAGE_HEADINGS.storage;
export const STORAGE_DENIED = 'Access Denied: Only Midway administrators can use the warehouse floor screens.';

export const STORAGE_TABS = [
  { value: 'put-away', label: 'Put away' },
  { value: 'find', label: 'Find' },
  { value: 'locations', label: 'Locations' },
  { value: 'count', label: 'Count' },
] as const;
type StorageTab = (typeof STORAGE_TABS)[number]['value'];
const isTab = (v: string | null): v is StorageTab => STORAGE_TABS.some((t) => t.value === v);

/**
 * The warehouse floor (admins only), one column for a phone or a scanner at the shelf: put away by two scans,
 * find a piece, the locations and their labels, and cycle counts. The tab is in the address (?tab=), so a scanner
 * station can be left on its screen.
 */
export default function StoragePage() {
  const { isAdmin, isLoading } = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const tab: StorageTab = isTab(params.get('tab')) ? (params.get('tab') as StorageTab) : 'put-away';
  if (isLoading) return null;
  return (
    <PageStack>
      <PageHeader title={STORAGE_TITLE} subtitle={STORAGE_SUBTITLE} />
      {isAdmin ? (
        <Tabs value={tab} onValueChange={(v) => setParams(v === 'put-away' ? {} : { tab: v }, { replace: true })} activationMode="manual">
          <TabsList aria-label="Warehouse floor">
            {STORAGE_TABS.map((t) => (
              <TabsTrigger key={t.value} value={t.value}>
                {t.label}
              </TabsTrigger>
            ))}
          </TabsList>
          <TabsContent value="put-away" style={{ marginTop: 16 }}>
            <PutAway />
          </TabsContent>
          <TabsContent value="find" style={{ marginTop: 16 }}>
            <FindPanel />
          </TabsContent>
          <TabsContent value="locations" style={{ marginTop: 16 }}>
            <LocationsPanel />
          </TabsContent>
          <TabsContent value="count" style={{ marginTop: 16 }}>
            <CountPanel />
          </TabsContent>
        </Tabs>
      ) : (
        <StaffOnly message={STORAGE_DENIED} />
      )}
    </PageStack>
  );
}
