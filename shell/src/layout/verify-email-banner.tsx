import type { CurrentUser, VerificationSent } from '@midway/contracts';
import { useState } from 'react';
import styled from 'styled-components';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError, apiJson, Button, handleUnauthorized, isUnauthorizedError, serverMessage } from '@midway/ui';
import { CURRENT_USER_QUERY_KEY } from '@midway/ui/query';

const Bar = styled.section`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px 16px;
  padding: 10px 32px;
  background: ${({ theme }) => theme.badge.yellow.bg};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  @media (max-width: ${({ theme }) => theme.breakpoints.md}) { padding: 10px 16px; }
`;
const Text = styled.p`
  margin: 0;
  flex: 1 1 280px;
  min-width: 0;
  overflow-wrap: anywhere;
`;
const Outcome = styled.p<{ $error?: boolean }>`
  margin: 0;
  flex-basis: 100%;
  color: ${({ theme, $error }) => ($error ? theme.colors.danger : theme.colors.textMuted)};
  &:empty { display: none; }
`;

type State = { kind: 'idle' } | { kind: 'sending' } | { kind: 'sent'; message: string } | { kind: 'failed'; message: string };

/**
 * Until the signed-in user opens the link e-mailed to their address, a bar above every page says so, with Resend.
 * (Invitations to projects are accepted only through their own e-mail or by a verified address.)
 */
export function VerifyEmailBanner({ user }: { user: CurrentUser }) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<State>({ kind: 'idle' });
  if (user.emailVerified) return null;

  const resend = async () => {
    setState({ kind: 'sending' });
    try {
      const answer = await apiJson<VerificationSent>('POST', '/api/auth/verify-email/resend');
      setState({ kind: 'sent', message: answer.message });
    } catch (err) {
      if (isUnauthorizedError(err)) return void handleUnauthorized();
      // Verified in another tab meanwhile: the bar goes once the user is read again.
      if (err instanceof ApiError && err.status === 409) return void (await queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY }));
      setState({ kind: 'failed', message: serverMessage(err) ?? 'The link could not be sent. Check your connection and choose Resend again.' });
    }
  };

  return (
    <Bar aria-label="Verify your e-mail address">
      <Text>
        Please verify your e-mail address: open the link we sent to <strong>{user.email}</strong>. Until then, join projects through the link in each invitation e-mail.
      </Text>
      <Button $variant="outline" $size="sm" onClick={resend} disabled={state.kind === 'sending'}>
        {state.kind === 'sending' ? 'Sending…' : 'Resend'}
      </Button>
      <Outcome role="status" aria-live="polite" $error={state.kind === 'failed'}>
        {state.kind === 'sent' || state.kind === 'failed' ? state.message : ''}
      </Outcome>
    </Bar>
  );
}
