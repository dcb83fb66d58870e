import { isUnauthorizedError, toast } from '@midway/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { catalogApi } from '../api/catalog-api';
import { queryKeys } from '../api/query-keys';
import { copyText } from './clipboard';

/** The client link is {origin}/client/{shareToken}. */
export function clientLink(shareToken: string, origin = window.location.origin): string {
  return `${origin}/client/${encodeURIComponent(shareToken)}`;
}

/**
 * Share with Client: asks catalog for the project's share token (the same one when asked again), copies the
 * client link and says so. When the browser refuses the clipboard the toast carries the link to copy by hand.
 */
export function useShareProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (projectId: string) => {
      const { shareToken } = await catalogApi.shareProject(projectId);
      const link = clientLink(shareToken);
      return { link, copied: await copyText(link) };
    },
    onSuccess: async ({ link, copied }) => {
      toast({
        title: 'Share link generated',
        description: copied ? 'Link copied to clipboard. Share this with your client.' : `Copy this link and share it with your client: ${link}`,
        variant: 'success',
      });
      await queryClient.invalidateQueries({ queryKey: queryKeys.projects });
    },
    onError: (error) => {
      if (!isUnauthorizedError(error)) toast({ title: 'Error', description: 'Failed to generate share link', variant: 'destructive' });
    },
  });
}

/**
 * Reset the client link (owner or admin): catalog issues a new token and the old link stops working at once,
 * for the client and for anyone else who had it (a designer removed from the project, say). The new link is
 * copied, and the project refetched so the page shows it.
 */
export function useResetShareLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (projectId: string) => {
      const { shareToken } = await catalogApi.resetShareLink(projectId);
      const link = clientLink(shareToken);
      return { link, copied: await copyText(link) };
    },
    onSuccess: async ({ link, copied }, projectId) => {
      toast({
        title: 'Client link reset',
        description: copied
          ? 'The old link no longer works. The new link is copied to your clipboard: send it to your client.'
          : `The old link no longer works. Send your client the new link: ${link}`,
        variant: 'success',
      });
      await Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.project(projectId) }), queryClient.invalidateQueries({ queryKey: queryKeys.projects })]);
    },
    onError: (error) => {
      if (!isUnauthorizedError(error)) toast({ title: 'Error', description: 'The client link could not be reset. The old link still works; please try again.', variant: 'destructive' });
    },
  });
}
