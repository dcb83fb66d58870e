import { Button, ButtonLink, LOGIN_PATH, MidwayLogo } from '@midway/ui';
import styled from 'styled-components';
import { Container, scrollToSection } from './layout';

const Bar = styled.header`
  position: sticky;
  top: 0;
  z-index: 10;
  background: rgba(255, 255, 255, 0.94);
  backdrop-filter: blur(6px);
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const Row = styled(Container)`
  display: flex;
  align-items: center;
  justify-content: space-between;
  height: 68px;
`;

const Actions = styled.nav`
  display: flex;
  gap: 8px;
  button, a { letter-spacing: 0.06em; }
`;

export function LandingHeader({ contactSectionId }: { contactSectionId: string }) {
  return (
    <Bar>
      <Row>
        <MidwayLogo />
        <Actions aria-label="Account">
          <Button $variant="ghost" onClick={() => scrollToSection(contactSectionId)}>
            CONTACT
          </Button>
          <ButtonLink href={LOGIN_PATH} $variant="primary">
            LOGIN
          </ButtonLink>
        </Actions>
      </Row>
    </Bar>
  );
}
