import type { InvitationLink } from '@midway/contracts';
import { ApiError, ButtonLink, Button, Card, CardContent, CardDescription, CardHeader, CardTitle, FormAlert, LOGIN_PATH, LOGOUT_PATH, serverMessage, Skeleton, usePageTitle } from '@midway/ui';
import { useCurrentUser } from '@midway/ui/query';
import { useNavigate, useParams, useSearchParams } from '@midway/ui/router';
import { useQuery } from '@tanstack/react-query';
import { Loader2, LogIn, UserPlus, Users } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import styled from 'styled-components';
import { catalogApi } from '../api/catalog-api';
import { queryKeys } from '../api/query-keys';
import { formatDate } from '../shared/format';
import { useAcceptInvitation } from './invitation-queries';

const REGISTER_PATH = '/api/register';

const Centered = styled.main`
  max-width: 480px;
  margin: 64px auto;
  padding: 0 16px;
  p { margin: 0 0 12px; }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  margin-top: 16px;
`;

const ROLE_TEXT = { member: 'work on its items', viewer: 'follow it (read only)' } as const;

/** Where the sign-in and sign-up pages come back to: this page, which then joins at once. */
const authHref = (path: string, token: string, email: string) => `${path}?${new URLSearchParams({ email, returnTo: `/invitations/${token}?join=1` })}`;

function Frame({ title, description, children }: { title: string; description?: string; children?: ReactNode }) {
  return (
    <Centered>
      <Card>
        <CardHeader>
          <CardTitle as="h1">{title}</CardTitle>
          {description ? <CardDescription>{description}</CardDescription> : null}
        </CardHeader>
        <CardContent>{children}</CardContent>
      </Card>
    </Centered>
  );
}

/** Joins with the link's token: having the e-mailed link proves the invitation reached its mailbox. */
function Join({ invitation, token, autoJoin, children }: { invitation: InvitationLink; token: string; autoJoin: boolean; children?: ReactNode }) {
  const navigate = useNavigate();
  const accept = useAcceptInvitation();
  const join = () => accept.mutate({ invitationId: invitation.id, token }, { onSuccess: (joined) => navigate(`/projects/${joined.projectId}`, { replace: true }) });
  // Back from signing in or up for this invitation: the click that sent them there was the decision to join.
  const started = useRef(false);
  useEffect(() => {
    if (autoJoin && !started.current) {
      started.current = true;
      join();
    }
  });
  const refused = accept.error && !(accept.error instanceof ApiError && accept.error.status === 401) ? (serverMessage(accept.error) ?? 'Joining failed. Check your connection and try again.') : null;
  return (
    <>
      {refused ? <FormAlert role="alert">{refused}</FormAlert> : null}
      <Actions>
        <Button onClick={join} disabled={accept.isPending}>
          {accept.isPending ? <Loader2 aria-hidden /> : <Users aria-hidden />} Join {invitation.projectName}
        </Button>
        {children}
      </Actions>
    </>
  );
}

/**
 * /invitations/{token}, the page an invitation e-mail links to. Signed in, one click joins with the link's token
 * (whatever the account's address: the link proves the mailbox); signed out, it offers sign-in or sign-up with the
 * address filled in, and joins on the way back.
 */
export default function InvitationPage() {
  const { token = '' } = useParams<{ token: string }>();
  const [searchParams] = useSearchParams();
  const { user, isLoading: userLoading } = useCurrentUser();
  const link = useQuery({ queryKey: queryKeys.invitationLink(token), queryFn: () => catalogApi.getInvitationLink(token), retry: false });
  usePageTitle(link.data ? `Join ${link.data.projectName}` : 'Invitation');

  if (link.isLoading || userLoading) {
    return (
      <Frame title="Invitation">
        <Skeleton $height="80px" />
      </Frame>
    );
  }
  if (link.error || !link.data) {
    const expired = link.error instanceof ApiError && link.error.status === 410;
    return (
      <Frame
        title={expired ? 'This invitation has expired' : 'This invitation is no longer open'}
        description={expired ? 'Invitations work for 7 days. Ask the project owner to invite you again.' : 'It may have been accepted, declined or revoked. Ask the project owner to invite you again if you still need to join.'}
      >
        <Actions>
          <ButtonLink href="/" $variant="outline">
            Go to Midway
          </ButtonLink>
        </Actions>
      </Frame>
    );
  }

  const invitation = link.data;
  const title = `${invitation.invitedBy} invited you to ${invitation.projectName}`;
  const description = `Join the project to ${ROLE_TEXT[invitation.role]}. This invitation is for ${invitation.email} and works until ${formatDate(invitation.expiresAt)}.`;
  if (user && user.email.toLowerCase() === invitation.email) {
    return (
      <Frame title={title} description={description}>
        <Join invitation={invitation} token={token} autoJoin={searchParams.get('join') === '1'} />
      </Frame>
    );
  }
  if (user) {
    // Another account: joining is a choice made here, never automatic.
    return (
      <Frame title={title} description={description}>
        <p>
          You are signed in as {user.email}. Join as {user.email}, or sign out, open the link in the e-mail again and sign in as {invitation.email}.
        </p>
        <Join invitation={invitation} token={token} autoJoin={false}>
          <ButtonLink href={LOGOUT_PATH} $variant="outline">
            Sign out
          </ButtonLink>
        </Join>
      </Frame>
    );
  }
  return (
    <Frame title={title} description={description}>
      <p>Sign in to join, or create your Midway account with this address first.</p>
      <Actions>
        <ButtonLink href={authHref(LOGIN_PATH, token, invitation.email)}>
          <LogIn aria-hidden /> Sign in
        </ButtonLink>
        <ButtonLink href={authHref(REGISTER_PATH, token, invitation.email)} $variant="outline">
          <UserPlus aria-hidden /> Create an account
        </ButtonLink>
      </Actions>
    </Frame>
  );
}
