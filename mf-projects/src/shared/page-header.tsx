import type { ReactNode } from 'react';
import styled from 'styled-components';

const Header = styled.header`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  justify-content: space-between;
  gap: 16px;
`;

export const PageTitle = styled.h1`
  font-size: ${({ theme }) => theme.fontSizes.xxl};
  font-weight: 700;
  letter-spacing: -0.02em;
`;

const Subtitle = styled.div`
  margin-top: 4px;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
`;

export function PageHeader({ title, subtitle, actions, before }: { title: ReactNode; subtitle?: ReactNode; actions?: ReactNode; before?: ReactNode }) {
  return (
    <Header>
      <div>
        {before}
        <PageTitle>{title}</PageTitle>
        {subtitle ? <Subtitle>{subtitle}</Subtitle> : null}
      </div>
      {actions ? <Actions>{actions}</Actions> : null}
    </Header>
  );
}

/** The vertical rhythm of every page. */
export const PageStack = styled.div`
  display: flex;
  flex-direction: column;
  gap: 24px;
`;
