import { useQuery } from '@tanstack/react-query';
import { catalogApi } from '../api/catalog-api';
import { queryKeys } from '../api/query-keys';

export function useSharedProject(token: string) {
  return useQuery({ queryKey: queryKeys.sharedProject(token), queryFn: () => catalogApi.getSharedProject(token), enabled: token !== '' });
}
