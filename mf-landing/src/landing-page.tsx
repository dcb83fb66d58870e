import type { LandingProps } from '@midway/contracts';
import { usePageTitle } from '@midway/ui';
import styled from 'styled-components';
import { ContactSection } from './contact-section';
import { HeroSection } from './hero-section';
import { LandingFooter } from './landing-footer';
import { LandingHeader } from './landing-header';
import { ServicesSection } from './services-section';

export const CONTACT_SECTION_ID = 'contact';

/** The landing page's tab title: the product first, then what it does. */
export const LANDING_TITLE = 'Midway · White-glove receiving, storage and delivery for designers';

const Page = styled.div`
  background: ${({ theme }) => theme.colors.surface};
  min-height: 100vh;
`;

/**
 * The public landing page, exposed to the shell as mf_landing/Landing. `firstScreenOnly`
 * renders just the header and hero: what the gateway prerenders (no form a visitor could type into before
 * the page's script takes over).
 */
export default function LandingPage({ config, firstScreenOnly = false }: LandingProps & { firstScreenOnly?: boolean }) {
  usePageTitle(LANDING_TITLE, { full: true });
  return (
    <Page>
      <LandingHeader contactSectionId={CONTACT_SECTION_ID} />
      <main>
        <HeroSection phone={config.supportPhone} contactSectionId={CONTACT_SECTION_ID} />
        {!firstScreenOnly && (
          <>
            <ServicesSection />
            <ContactSection id={CONTACT_SECTION_ID} config={config} />
          </>
        )}
      </main>
      {!firstScreenOnly && <LandingFooter config={config} />}
    </Page>
  );
}
