import type { PublicConfig } from '@midway/contracts';
import { Card, ContactList } from '@midway/ui';
import styled from 'styled-components';
import { ContactForm } from './contact-form';
import { Container, Eyebrow, SectionLead, SectionTitle } from './layout';

const Section = styled.section`
  padding: 88px 0;
  background: ${({ theme }) => theme.colors.background};
  scroll-margin-top: 68px;
  @media (max-width: ${({ theme }) => theme.breakpoints.md}) { padding: 56px 0; }
`;

const Grid = styled(Container)`
  display: grid;
  grid-template-columns: minmax(0, 0.9fr) minmax(0, 1.1fr);
  gap: 48px;
  align-items: start;
  @media (max-width: ${({ theme }) => theme.breakpoints.lg}) { grid-template-columns: 1fr; gap: 32px; }
`;

const Details = styled.div`
  margin-top: 32px;
`;

const FormCard = styled(Card)`
  padding: 32px;
  @media (max-width: ${({ theme }) => theme.breakpoints.sm}) { padding: 20px; }
`;

export function ContactSection({ id, config }: { id: string; config: PublicConfig }) {
  return (
    <Section id={id} aria-labelledby="contact-title">
      <Grid>
        <div>
          <Eyebrow>Get in touch</Eyebrow>
          <SectionTitle id="contact-title">Let's Talk</SectionTitle>
          <SectionLead>Tell us about your next project and we'll set up receiving for your vendor shipments.</SectionLead>
          <Details>
            <ContactList details={config} size="md" />
          </Details>
        </div>
        <FormCard>
          <ContactForm />
        </FormCard>
      </Grid>
    </Section>
  );
}
