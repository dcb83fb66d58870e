import styled from 'styled-components';

/** Centred page column shared by every landing section. */
export const Container = styled.div`
  max-width: 1160px;
  margin: 0 auto;
  padding: 0 24px;
  @media (max-width: ${({ theme }) => theme.breakpoints.sm}) { padding: 0 16px; }
`;

export const SectionTitle = styled.h2`
  font-size: clamp(1.75rem, 4vw, 2.25rem);
  font-weight: 750;
  letter-spacing: -0.02em;
  color: ${({ theme }) => theme.colors.text};
`;

export const SectionLead = styled.p`
  margin-top: 12px;
  max-width: 620px;
  font-size: ${({ theme }) => theme.fontSizes.lg};
  color: ${({ theme }) => theme.colors.textMuted};
`;

export const Eyebrow = styled.p`
  margin-bottom: 12px;
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: 700;
  letter-spacing: 0.12em;
  text-transform: uppercase;
  color: ${({ theme }) => theme.colors.accent};
`;

export function scrollToSection(id: string): void {
  document.getElementById(id)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
}
