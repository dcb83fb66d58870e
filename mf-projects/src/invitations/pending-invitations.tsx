import type { Invitation } from '@midway/contracts';
import { Button, toast } from '@midway/ui';
import { Check, Mail, X } from 'lucide-react';
import { useNavigate } from '@midway/ui/router';
import styled from 'styled-components';
import { useAcceptInvitation, useDeclineInvitation, usePendingInvitations } from './invitation-queries';

const Banner = styled.section`
  border: 1px solid ${({ theme }) => theme.colors.accent};
  background: ${({ theme }) => theme.colors.accentSoft};
  border-radius: ${({ theme }) => theme.radii.lg};
  padding: 12px 16px;
  display: grid;
  gap: 10px;
  h2 { margin: 0; font-size: ${({ theme }) => theme.fontSizes.sm}; display: flex; align-items: center; gap: 8px; }
  ul { list-style: none; margin: 0; padding: 0; display: grid; gap: 8px; }
`;

const Row = styled.li`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px 12px;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  > p { flex: 1 1 240px; margin: 0; }
  > div { display: flex; gap: 8px; }
`;

const ROLE_TEXT = { member: 'as a member', viewer: 'as a viewer (read only)' } as const;

function InvitationRow({ invitation }: { invitation: Invitation }) {
  const navigate = useNavigate();
  const accept = useAcceptInvitation();
  const decline = useDeclineInvitation();
  const busy = accept.isPending || decline.isPending;
  return (
    <Row>
      <p>
        <strong>{invitation.invitedBy}</strong> invited you to <strong>{invitation.projectName}</strong> {ROLE_TEXT[invitation.role]}.
      </p>
      <div>
        <Button
          $size="sm"
          disabled={busy}
          aria-label={`Accept the invitation to ${invitation.projectName}`}
          // Awaited, not mutate's onSuccess: the refresh after joining drops this row, and an unmounted row's
          // per-call callbacks never run, so the new member stayed on the dashboard.
          onClick={async () => {
            const joined = await accept.mutateAsync({ invitationId: invitation.id }).catch(() => null);
            if (joined) navigate(`/projects/${joined.projectId}`);
          }}
        >
          <Check aria-hidden /> Accept
        </Button>
        <Button
          $size="sm"
          $variant="outline"
          disabled={busy}
          aria-label={`Decline the invitation to ${invitation.projectName}`}
          onClick={() => decline.mutate({ invitationId: invitation.id }, { onSuccess: () => toast({ title: 'Invitation declined', description: `You did not join ${invitation.projectName}.` }) })}
        >
          <X aria-hidden /> Decline
        </Button>
      </div>
    </Row>
  );
}

/** The dashboard's banner: invitations to projects waiting for the signed-in designer's answer (nothing when none). */
export function PendingInvitations() {
  const invitations = usePendingInvitations();
  if (!invitations.data?.length) return null;
  return (
    <Banner aria-labelledby="pending-invitations-heading">
      <h2 id="pending-invitations-heading">
        <Mail aria-hidden size={16} /> {invitations.data.length === 1 ? 'You are invited to a project' : `You are invited to ${invitations.data.length} projects`}
      </h2>
      <ul>
        {invitations.data.map((i) => (
          <InvitationRow key={i.id} invitation={i} />
        ))}
      </ul>
    </Banner>
  );
}
