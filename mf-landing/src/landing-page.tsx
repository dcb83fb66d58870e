import type { LandingProps } from '@midway/contracts';
import styled from 'styled-components';
import { ContactSection } from './contact-section';
import { HeroSection } from './hero-section';
import { LandingFooter } from './landing-footer';
import { LandingHeader } from './landing-header';
import { ServicesSection } from './services-section';

export const CONTACT_SECTION_ID = 'contact';

const Page = styled.div`
  background: ${({ theme }) => theme.colors.surface};
  min-height: 100vh;
`;

/** The public landing page (spec section 2), exposed to the shell as mf_landing/Landing. */
export default function LandingPage({ config }: LandingProps) {
  return (
    <Page>
      <LandingHeader contactSectionId={CONTACT_SECTION_ID} />
      <main>
        <HeroSection phone={config.supportPhone} contactSectionId={CONTACT_SECTION_ID} />
        <ServicesSection />
        <ContactSection id={CONTACT_SECTION_ID} config={config} />
      </main>
      <LandingFooter config={config} />
    </Page>
  );
}
