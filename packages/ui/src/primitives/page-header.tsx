import type { ReactNode } from 'react';
import styled from 'styled-components';
import { usePageTitle } from '../page-title';

const Header = styled.header`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  justify-content: space-between;
  gap: 16px;
`;

/** A page's one h1. */
export const PageHeading = styled.h1`
  font-size: ${({ theme }) => theme.fontSizes.xxl};
  font-weight: 700;
  letter-spacing: -0.02em;
  overflow-wrap: anywhere;
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

export interface PageHeaderProps {
  title: ReactNode;
  subtitle?: ReactNode;
  actions?: ReactNode;
  /** Above the title, e.g. a back link. */
  before?: ReactNode;
  /** The browser tab's title ('<documentTitle> · Midway'); by default the title when it is text. */
  documentTitle?: string;
}

/** A page's title, subtitle and actions; it also names the browser tab after the page. */
export function PageHeader({ title, subtitle, actions, before, documentTitle }: PageHeaderProps) {
  usePageTitle(documentTitle ?? (typeof title === 'string' ? title : undefined));
  return (
    <Header>
      <div>
        {before}
        <PageHeading>{title}</PageHeading>
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
