import { ButtonLink, Card, usePageTitle } from '@midway/ui';
import { MapPinOff } from 'lucide-react';
import { Link } from '@midway/ui/router';
import styled from 'styled-components';

const Page = styled.main`
  min-height: 100vh;
  display: flex;
  align-items: center;
  justify-content: center;
  padding: 16px;
`;

const Panel = styled(Card)`
  max-width: 440px;
  width: 100%;
  padding: 40px 32px;
  text-align: center;
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 12px;
  svg { width: 40px; height: 40px; color: ${({ theme }) => theme.colors.danger}; }
`;

const Title = styled.h1`
  font-size: ${({ theme }) => theme.fontSizes.xxl};
  font-weight: 700;
`;

const Text = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

export function NotFoundPage() {
  usePageTitle('Page Not Found');
  return (
    <Page>
      <Panel>
        <MapPinOff aria-hidden />
        <Title>404 Page Not Found</Title>
        <Text>The page you are looking for doesn't exist or has moved.</Text>
        <ButtonLink as={Link} to="/" $variant="primary">
          Back to Midway
        </ButtonLink>
      </Panel>
    </Page>
  );
}
