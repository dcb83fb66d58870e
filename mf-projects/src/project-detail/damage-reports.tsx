import type { DamageReport } from '@midway/contracts';
import { INSPECTION_CONDITION_LABELS } from '@midway/contracts/vocab';
import { Badge, Card, CardContent, CardDescription, CardHeader, CardTitle } from '@midway/ui';
import { AlertTriangle } from 'lucide-react';
import styled from 'styled-components';
import { formatDate } from '../shared/format';

const Warning = styled(CardTitle)`
  display: flex;
  align-items: center;
  gap: 8px;
  color: ${({ theme }) => theme.colors.danger};
  svg { width: 20px; height: 20px; }
`;

const Reports = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 12px;
`;

const Report = styled.li`
  display: grid;
  gap: 4px;
  padding: 10px 12px;
  border-left: 3px solid ${({ theme }) => theme.colors.danger};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  border-radius: ${({ theme }) => theme.radii.sm};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  header { display: flex; flex-wrap: wrap; align-items: center; gap: 6px 10px; }
  strong { font-weight: 650; }
  time { color: ${({ theme }) => theme.colors.textMuted}; }
  p { white-space: pre-line; overflow-wrap: anywhere; }
  ul { list-style: none; margin: 0; padding: 0; display: flex; flex-wrap: wrap; gap: 4px 12px; }
`;

/**
 * What the warehouse found damaged or missing on inspection, newest first (catalog's damageReports on the project):
 * the item, the condition, the date, the notes and the photos. The same report is e-mailed to the project's people.
 */
export function DamageReports({ reports }: { reports: readonly DamageReport[] }) {
  if (!reports.length) return null;
  return (
    <Card role="region" aria-labelledby="damage-reports-title" data-testid="damage-reports">
      <CardHeader>
        <Warning as="h2" id="damage-reports-title">
          <AlertTriangle aria-hidden />
          Damage reports
        </Warning>
        <CardDescription>The warehouse found these on inspection. Contact the supplier about a claim or a replacement.</CardDescription>
      </CardHeader>
      <CardContent>
        <Reports>
          {reports.map((r) => (
            <Report key={r.id} data-testid="damage-report">
              <header>
                <strong>{r.itemName}</strong>
                <Badge $tone="red">{INSPECTION_CONDITION_LABELS[r.condition]}</Badge>
                <time dateTime={r.reportedAt}>{formatDate(r.reportedAt)}</time>
              </header>
              {r.notes ? <p>{r.notes}</p> : null}
              {r.photoUrls.length ? (
                <ul aria-label={`Photos of ${r.itemName}`}>
                  {r.photoUrls.map((url, i) => (
                    <li key={url}>
                      <a href={url} target="_blank" rel="noopener noreferrer">
                        Photo {i + 1}
                      </a>
                    </li>
                  ))}
                </ul>
              ) : null}
            </Report>
          ))}
        </Reports>
      </CardContent>
    </Card>
  );
}
