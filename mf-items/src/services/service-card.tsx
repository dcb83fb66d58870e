import type { Service } from '@midway/contracts';
import { SERVICE_BILLING } from '@midway/contracts/vocab';
import { Badge, Card, formatMoney } from '@midway/ui';
import { Switch } from '@midway/ui/switch';
import styled from 'styled-components';

const Tile = styled(Card)`
  display: flex;
  flex-direction: column;
  gap: 8px;
  padding: 16px;
  height: 100%;
`;

const Top = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 8px;
`;

const Name = styled.p`
  font-weight: 650;
  overflow-wrap: anywhere;
`;

const Muted = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
  overflow-wrap: anywhere;
`;

const Bottom = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 8px;
  font-variant-numeric: tabular-nums;
`;

export const UNKNOWN_PROJECT = 'Unknown Project';
export const UNKNOWN_ITEM = 'Unknown Item';

/**
 * The service card: type badge, on/off toggle, item and project names, cost ('/day' for storage), what billing
 * does with it (billed when the warehouse does it if selected; storage per day while held, selected or not),
 * 'Selected' badge, notes.
 */
export function ServiceCard({ service, onToggle, disabled }: { service: Service; onToggle(selected: boolean): void; disabled?: boolean }) {
  const item = service.itemName?.trim() || UNKNOWN_ITEM;
  return (
    <Tile as="article" aria-label={`${service.label} for ${item}`} data-testid="service-card">
      <Top>
        <Badge $tone="purple">{service.label}</Badge>
        <Switch checked={service.selected} onCheckedChange={onToggle} disabled={disabled} aria-label={`${service.label} for ${item}`} />
      </Top>
      <Name>{item}</Name>
      <Muted>{service.projectName?.trim() || UNKNOWN_PROJECT}</Muted>
      <Bottom>
        <span>
          {formatMoney(service.cost)}
          {SERVICE_BILLING[service.type].per === '/day' ? '/day' : ''}
        </span>
        {service.selected ? <Badge $tone="green">Selected</Badge> : null}
      </Bottom>
      <Muted data-testid="service-billing">{SERVICE_BILLING[service.type].when}</Muted>
      {service.notes ? <Muted>{service.notes}</Muted> : null}
    </Tile>
  );
}
