import { isUnauthorizedError, serverMessage, toast } from '@midway/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { catalogApi } from '../api/catalog-api';
import { AFTER_CATALOG_CHANGE, queryKeys } from '../api/query-keys';

/** The signed-in user's pending invitations (the dashboard's banner). */
export function usePendingInvitations() {
  return useQuery({ queryKey: queryKeys.invitations, queryFn: () => catalogApi.listInvitations() });
}

/** Accepting or declining refreshes the invitations, and the projects and dashboard the new membership changes. */
function useAfterAnswer() {
  const queryClient = useQueryClient();
  return () => Promise.all([queryKeys.invitations, ...AFTER_CATALOG_CHANGE].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

const failed = (fallback: string) => (e: unknown) => {
  if (!isUnauthorizedError(e)) toast({ title: 'Error', description: serverMessage(e) ?? fallback, variant: 'destructive' });
};

/** An invitation to answer: its id, and the e-mailed link's token when answering from the link's page (it proves the mailbox). */
export interface InvitationAnswer {
  invitationId: string;
  token?: string;
}

export function useAcceptInvitation() {
  const refresh = useAfterAnswer();
  return useMutation({
    mutationFn: ({ invitationId, token }: InvitationAnswer) => catalogApi.acceptInvitation(invitationId, token),
    onSuccess: () => refresh(),
    onError: failed('Failed to join the project. Please try again.'),
  });
}

export function useDeclineInvitation() {
  const refresh = useAfterAnswer();
  return useMutation({
    mutationFn: ({ invitationId, token }: InvitationAnswer) => catalogApi.declineInvitation(invitationId, token),
    onSuccess: () => refresh(),
    onError: failed('Failed to decline the invitation. Please try again.'),
  });
}
