import { Card, CardContent } from '@midway/ui';
import { ShieldAlert } from 'lucide-react';
import styled from 'styled-components';

const Denied = styled(CardContent)`
  display: flex;
  align-items: center;
  gap: 12px;
  padding-top: 24px;
  color: ${({ theme }) => theme.colors.danger};
  svg { width: 22px; height: 22px; flex-shrink: 0; }
`;

/** What a warehouse page shows anyone but an admin (its standalone preview has no shell to guard it). */
export function StaffOnly({ message }: { message: string }) {
  return (
    <Card role="alert">
      <Denied>
        <ShieldAlert aria-hidden />
        <p>{message}</p>
      </Denied>
    </Card>
  );
}
