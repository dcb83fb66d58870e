import styled from 'styled-components';

export const FormGrid = styled.div`
  display: grid;
  gap: 16px;
`;

export const FormRow = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: 16px;
  @media (max-width: ${({ theme }) => theme.breakpoints.sm}) { grid-template-columns: 1fr; }
`;

export const Optional = styled.span`
  font-weight: 400;
  color: ${({ theme }) => theme.colors.textSubtle};
`;

export const FormAlert = styled.p.attrs({ role: 'alert' })`
  padding: 10px 12px;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.dangerSoft};
  color: ${({ theme }) => theme.colors.danger};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: 550;
`;
