import styled, { css } from 'styled-components';

/** The public client page's frame: a top bar and one centred column (it has no shell around it). */
export const Page = styled.div`
  min-height: 100vh;
  background: ${({ theme }) => theme.colors.background};
`;

export const TopBar = styled.header`
  background: ${({ theme }) => theme.colors.surface};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const column = css`
  max-width: 1120px;
  margin: 0 auto;
  padding-left: 24px;
  padding-right: 24px;
  @media (max-width: ${({ theme }) => theme.breakpoints.sm}) { padding-left: 16px; padding-right: 16px; }
`;

export const TopBarInner = styled.div`
  ${column}
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 16px;
  padding-top: 20px;
  padding-bottom: 20px;
  flex-wrap: wrap;
`;

export const Tagline = styled.p`
  margin-top: 2px;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

export const Main = styled.main`
  ${column}
  display: grid;
  gap: 24px;
  padding-top: 32px;
  padding-bottom: 48px;
`;

export const Centered = styled.div`
  min-height: 100vh;
  display: flex;
  align-items: center;
  justify-content: center;
  padding: 24px;
`;

export const Small = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.textMuted};
`;

export const Muted = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;
