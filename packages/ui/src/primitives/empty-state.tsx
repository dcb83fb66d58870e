import type { ComponentType, ReactNode } from 'react';
import styled from 'styled-components';

const Wrap = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  text-align: center;
  gap: 6px;
  padding: 40px 16px;
`;

const IconWrap = styled.span`
  display: inline-flex;
  padding: 12px;
  margin-bottom: 6px;
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.surfaceMuted};
  color: ${({ theme }) => theme.colors.textSubtle};
  svg { width: 24px; height: 24px; }
`;

const Title = styled.p`
  font-weight: 650;
`;

const Text = styled.p`
  max-width: 380px;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Action = styled.div`
  margin-top: 10px;
`;

/** What a list or page shows when it has nothing yet: an icon, a title, a hint and optionally an action. */
export function EmptyState({ icon: Icon, title, text, action }: { icon: ComponentType<{ 'aria-hidden'?: boolean }>; title: string; text?: string; action?: ReactNode }) {
  return (
    <Wrap>
      <IconWrap>
        <Icon aria-hidden />
      </IconWrap>
      <Title>{title}</Title>
      {text ? <Text>{text}</Text> : null}
      {action ? <Action>{action}</Action> : null}
    </Wrap>
  );
}
