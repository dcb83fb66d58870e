import { DASHBOARD_PROJECTS_PAGE, QUICK_ADD_PROJECTS } from '@midway/contracts/page-data';
import type { DashboardProjectsQuery, ItemStatus, UpdateProjectBody } from '@midway/contracts';
import { isUnauthorizedError, toast } from '@midway/ui';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { catalogApi, type NewItemInput, type NewProjectInput } from './catalog-api';
import { AFTER_CATALOG_CHANGE, queryKeys } from './query-keys';
import { projectKey, RECENT_ACTIVITY_LIMIT, takeFirstData, takeFirstPromise } from './first-reads';

export { RECENT_ACTIVITY_LIMIT };

// Each first read below starts from what the route's preload already parsed (first-reads.ts), if anything.
export function useProjects() {
  return useQuery({ queryKey: queryKeys.projects, queryFn: () => takeFirstPromise('projects') ?? catalogApi.listProjects(), initialData: () => takeFirstData('projects') });
}

export function useProjectDetail(id: string) {
  return useQuery({
    queryKey: queryKeys.project(id),
    queryFn: () => takeFirstPromise(projectKey(id)) ?? catalogApi.getProject(id),
    initialData: () => takeFirstData(projectKey(id)),
  });
}

/** One page of the dashboard's projects; the page shown stays until the next one arrives. */
export function useDashboardProjects(q: DashboardProjectsQuery) {
  // The table's first page and Quick Add's projects, unfiltered, are what the shell's first script asked for.
  const firstRead = q.offset !== 0 || q.status ? undefined : q.limit === DASHBOARD_PROJECTS_PAGE ? 'projectPage' : q.limit === QUICK_ADD_PROJECTS ? 'quickAddProjects' : undefined;
  return useQuery({
    queryKey: queryKeys.dashboardProjectsPage(q),
    queryFn: () => (firstRead ? takeFirstPromise(firstRead) : undefined) ?? catalogApi.dashboardProjects(q),
    initialData: () => (firstRead ? takeFirstData(firstRead) : undefined),
    placeholderData: keepPreviousData,
  });
}

export function useDashboardStats() {
  return useQuery({ queryKey: queryKeys.dashboardStats, queryFn: () => takeFirstPromise('stats') ?? catalogApi.getDashboardStats(), initialData: () => takeFirstData('stats') });
}

export function useRecentActivity() {
  return useQuery({
    queryKey: queryKeys.activitiesPage(RECENT_ACTIVITY_LIMIT),
    queryFn: () => takeFirstPromise('activities') ?? catalogApi.listActivities(RECENT_ACTIVITY_LIMIT),
    initialData: () => takeFirstData('activities'),
  });
}

/** Reads the projects (each project's page and lists under its key too), items, dashboard and activity again. */
export function useRefreshCatalog() {
  const queryClient = useQueryClient();
  return () => Promise.all(AFTER_CATALOG_CHANGE.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/** A failure toast for any error but a 401, whose toast and redirect the shared query client already handles. */
function failureToast(description: string, title = 'Error') {
  return (error: unknown) => {
    if (!isUnauthorizedError(error)) toast({ title, description, variant: 'destructive' });
  };
}

export function useCreateProject() {
  const refresh = useRefreshCatalog();
  return useMutation({
    mutationFn: (body: NewProjectInput) => catalogApi.createProject(body),
    // On project creation the 401 toast reads 'Unauthorized: You are logged out. Logging in again...'.
    meta: { unauthorizedTitle: 'Unauthorized:' },
    onSuccess: async () => {
      toast({ title: 'Success', description: 'Project created successfully', variant: 'success' });
      await refresh();
    },
    onError: failureToast('Failed to create project. Please try again.'),
  });
}

export function useUpdateProject(projectId: string) {
  const refresh = useRefreshCatalog();
  return useMutation({
    mutationFn: (body: UpdateProjectBody) => catalogApi.updateProject(projectId, body),
    onSuccess: async () => {
      toast({ title: 'Success', description: 'Project updated successfully', variant: 'success' });
      await refresh();
    },
    onError: failureToast('Failed to update project. Please try again.'),
  });
}

export function useAddItem() {
  const refresh = useRefreshCatalog();
  return useMutation({
    mutationFn: ({ projectId, item }: { projectId: string; item: NewItemInput }) => catalogApi.addItem(projectId, item),
    onSuccess: async () => {
      toast({ title: 'Success', description: 'Item added successfully', variant: 'success' });
      await refresh();
    },
    onError: failureToast('Failed to add item. Please try again.'),
  });
}

export function useUpdateItemStatus() {
  const refresh = useRefreshCatalog();
  return useMutation({
    mutationFn: ({ itemId, status }: { itemId: string; status: ItemStatus }) => catalogApi.updateItemStatus(itemId, status),
    onSuccess: async () => {
      toast({ title: 'Success', description: 'Item status updated successfully', variant: 'success' });
      await refresh();
    },
    onError: failureToast('Failed to update item status'),
  });
}
