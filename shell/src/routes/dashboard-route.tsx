import { Card, CardContent } from '@midway/ui';
import { Sparkles } from 'lucide-react';
import styled from 'styled-components';
import { RemoteUnavailable } from '../federation/remote-unavailable';
import { RemoteView } from '../federation/remote-view';
import { DashboardSkeleton } from './skeletons';

export const WELCOME_MESSAGE = 'Welcome to Midway! Create your first project to start tracking items.';

const Stack = styled.div`
  display: flex;
  flex-direction: column;
  gap: 24px;
`;

const Title = styled.h1`
  font-size: ${({ theme }) => theme.fontSizes.xxl};
  font-weight: 700;
  letter-spacing: -0.02em;
`;

const Subtitle = styled.p`
  margin-top: 4px;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Welcome = styled(CardContent)`
  display: flex;
  align-items: center;
  gap: 12px;
  svg { width: 20px; height: 20px; color: ${({ theme }) => theme.colors.accent}; flex-shrink: 0; }
`;

/**
 * The dashboard belongs to mf_projects. When that remote cannot be loaded the shell still greets the
 * user with the welcome message, above the retry state.
 */
export function DashboardRoute() {
  return (
    <RemoteView
      id="mf_projects/Routes"
      props={{ page: 'dashboard' }}
      loading={<DashboardSkeleton />}
      renderError={(retry) => (
        <Stack>
          <header>
            <Title>Dashboard</Title>
            <Subtitle>Track items and manage logistics for all your design projects</Subtitle>
          </header>
          <Card>
            <Welcome>
              <Sparkles aria-hidden />
              <p>{WELCOME_MESSAGE}</p>
            </Welcome>
          </Card>
          <RemoteUnavailable label="The dashboard" onRetry={retry} />
        </Stack>
      )}
    />
  );
}
