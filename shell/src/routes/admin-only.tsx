import { Card, CardContent } from '@midway/ui';
import { useCurrentUser } from '@midway/ui/query';
import { ShieldAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import styled from 'styled-components';

const Denied = styled(CardContent)`
  display: flex;
  align-items: center;
  gap: 12px;
  color: ${({ theme }) => theme.colors.danger};
  svg { width: 22px; height: 22px; flex-shrink: 0; }
`;

/** Only midway_admin may use the automatic billing page and the warehouse's screens; `system` names what is denied. */
export function AdminOnly({ children, system = 'the automatic billing system' }: { children: ReactNode; system?: string }) {
  const { isAdmin } = useCurrentUser();
  if (isAdmin) return <>{children}</>;
  return (
    <Card role="alert">
      <Denied>
        <ShieldAlert aria-hidden />
        <p>Access Denied: Only Midway administrators can access {system}.</p>
      </Denied>
    </Card>
  );
}
