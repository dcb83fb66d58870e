import { Button, Card } from '@midway/ui';
import { AlertTriangle, RotateCw } from 'lucide-react';
import styled from 'styled-components';

const Panel = styled(Card)`
  display: flex;
  flex-direction: column;
  align-items: center;
  text-align: center;
  gap: 12px;
  padding: 40px 24px;
`;

const Icon = styled.div`
  display: inline-flex;
  padding: 12px;
  border-radius: 50%;
  background: ${({ theme }) => theme.badge.yellow.bg};
  color: ${({ theme }) => theme.badge.yellow.fg};
  svg { width: 24px; height: 24px; }
`;

const Title = styled.h2`
  font-size: ${({ theme }) => theme.fontSizes.lg};
  font-weight: 650;
`;

const Text = styled.p`
  max-width: 420px;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** The retry state of a remote that could not be loaded; the rest of the shell keeps working. */
export function RemoteUnavailable({ label = 'This section', onRetry }: { label?: string; onRetry(): void }) {
  return (
    <Panel role="alert" data-testid="remote-error">
      <Icon>
        <AlertTriangle aria-hidden />
      </Icon>
      <Title>{label} could not be loaded</Title>
      <Text>It may be updating or temporarily unreachable. The rest of Midway still works; try again in a moment.</Text>
      <Button $variant="outline" onClick={onRetry}>
        <RotateCw aria-hidden />
        Retry
      </Button>
    </Panel>
  );
}
