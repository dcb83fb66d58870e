import type { PublicConfig } from '@midway/contracts';
import { MidwayLogo, telHref } from '@midway/ui';
import styled from 'styled-components';
import { Container } from './layout';
import { SERVICES } from './services-section';

const Footer = styled.footer`
  background: ${({ theme }) => theme.colors.sidebar};
  color: #cbd5e1;
  padding: 56px 0 32px;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  a { color: #e2e8f0; text-decoration: none; }
  a:hover { text-decoration: underline; }
  h2 { font-size: ${({ theme }) => theme.fontSizes.sm}; font-weight: 700; color: #fff; margin-bottom: 12px; }
  ul { list-style: none; margin: 0; padding: 0; display: grid; gap: 8px; }
`;

const Columns = styled(Container)`
  display: grid;
  grid-template-columns: 1.4fr 1fr 1fr;
  gap: 32px;
  @media (max-width: ${({ theme }) => theme.breakpoints.md}) { grid-template-columns: 1fr; }
`;

const Bottom = styled(Container)`
  margin-top: 40px;
  padding-top: 24px;
  border-top: 1px solid rgba(148, 163, 184, 0.2);
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: 12px;
  nav { display: flex; gap: 20px; }
`;

/** Footer: services, phone, and the Privacy Policy / Terms of Service placeholders (no target, per spec). */
export function LandingFooter({ config }: { config: PublicConfig }) {
  return (
    <Footer>
      <Columns>
        <div>
          <MidwayLogo inverted />
          <p style={{ marginTop: 12, maxWidth: 320 }}>
            White-glove receiving, inspection, storage and delivery for interior designers and builders.
          </p>
        </div>
        <div>
          <h2>Services</h2>
          <ul>
            {SERVICES.map((s) => (
              <li key={s.title}>{s.title}</li>
            ))}
          </ul>
        </div>
        <div>
          <h2>Contact</h2>
          <ul>
            <li>
              <a href={telHref(config.supportPhone)}>{config.supportPhone}</a>
            </li>
            <li>
              <a href={`mailto:${config.supportEmail}`}>{config.supportEmail}</a>
            </li>
          </ul>
        </div>
      </Columns>
      <Bottom>
        <p>© {new Date().getFullYear()} {config.productName}. All rights reserved.</p>
        <nav aria-label="Legal">
          {/* Placeholders with no target; rendered as links for the look, but inert. */}
          <a role="link" aria-disabled="true">Privacy Policy</a>
          <a role="link" aria-disabled="true">Terms of Service</a>
        </nav>
      </Bottom>
    </Footer>
  );
}
