import type { CurrentUser } from '@midway/contracts';
import { ButtonLink, LOGOUT_PATH, MidwayLogo, usePageTitle } from '@midway/ui';
import styled from 'styled-components';
import { SecondFactorSetup } from '../layout/second-factor-setup';

const Page = styled.main`
  min-height: 100vh;
  display: flex;
  align-items: flex-start;
  justify-content: center;
  padding: 48px 16px;
  background: ${({ theme }) => theme.colors.background};
`;

const Card = styled.div`
  width: 100%;
  max-width: 440px;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: 12px;
  padding: 28px 24px;
  h1 { font-size: 22px; margin: 20px 0 8px; }
  > p { margin: 0 0 8px; color: ${({ theme }) => theme.colors.textMuted}; }
`;

/**
 * ADMIN_2FA=required and this admin has no authenticator app yet: nothing else shows (the gateway refuses every
 * other call with 403 for this session) until they enrol; then the app opens as usual.
 */
export function EnrolSecondFactorPage({ user }: { user: CurrentUser }) {
  usePageTitle('Set up two-step sign-in');
  return (
    <Page>
      <Card>
        <MidwayLogo />
        <h1>Set up two-step sign-in</h1>
        <p>Staff accounts at Midway sign in with a password and a code from an authenticator app. Set yours up to continue.</p>
        <SecondFactorSetup user={user} />
        <ButtonLink href={LOGOUT_PATH} $variant="outline">
          Sign Out
        </ButtonLink>
      </Card>
    </Page>
  );
}
