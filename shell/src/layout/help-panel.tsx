import { ContactList, Skeleton } from '@midway/ui';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@midway/ui/dialog';
import styled from 'styled-components';
import { usePublicConfig } from '../federation/runtime-manifest';

const Section = styled.section`
  margin-top: 20px;
  h3 { font-size: ${({ theme }) => theme.fontSizes.sm}; font-weight: 650; margin-bottom: 8px; }
  > ul { margin: 0; padding: 0; list-style: none; display: flex; flex-direction: column; gap: 10px; }
  > ul > li { font-size: ${({ theme }) => theme.fontSizes.sm}; }
  p { font-size: ${({ theme }) => theme.fontSizes.sm}; color: ${({ theme }) => theme.colors.textMuted}; }
`;

const Kbd = styled.kbd`
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  padding: 1px 6px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.sm};
`;

/** Help: the provider's contact details (from the runtime manifest) and a few how-tos. */
export function HelpPanel({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const config = usePublicConfig();
  const c = config.data;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent side width="400px">
        <DialogTitle>Help &amp; Support</DialogTitle>
        <DialogDescription>Our team receives, inspects, stores and delivers your vendor shipments. We're here to help.</DialogDescription>
        <Section aria-label="Contact">
          <h3>Contact Midway</h3>
          {c ? (
            <ContactList details={c} />
          ) : config.isError ? (
            <p>Contact details are unavailable right now.</p>
          ) : (
            <Skeleton $height="72px" />
          )}
        </Section>
        <Section>
          <h3>Good to know</h3>
          <p>Deliveries are received, unpacked and inspected within 48 hours of arrival; damages are documented and sent to your inbox.</p>
          <p style={{ marginTop: 8 }}>Clients receive invoices with 30-day payment terms.</p>
        </Section>
        <Section>
          <h3>Keyboard shortcuts</h3>
          <ul>
            <li>
              <Kbd>Ctrl</Kbd>/<Kbd>⌘</Kbd> + <Kbd>K</Kbd> search projects, items and services
            </li>
            <li>
              <Kbd>F8</Kbd> move to notifications
            </li>
          </ul>
        </Section>
      </DialogContent>
    </Dialog>
  );
}
