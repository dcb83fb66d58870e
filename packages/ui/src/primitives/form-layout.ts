import styled from 'styled-components';

/** The layout of every form's fields: a column of fields, a row of two that stacks on a phone. */

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

/** '(optional)' after a field's label. */
export const Optional = styled.span`
  font-weight: 400;
  color: ${({ theme }) => theme.colors.textSubtle};
`;

/** The form-level error above the fields (e.g. 'Please fill in all required fields'). */
export const FormAlert = styled.p.attrs({ role: 'alert' })`
  padding: 10px 12px;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.dangerSoft};
  color: ${({ theme }) => theme.colors.danger};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: 550;
`;
