import { Card } from '@midway/ui';
import { ClipboardCheck, PackageCheck, Truck, Users, type LucideIcon } from 'lucide-react';
import styled from 'styled-components';
import { Container, Eyebrow, SectionLead, SectionTitle } from './layout';

interface Service {
  title: string;
  icon: LucideIcon;
  points: string[];
}

export const SERVICES: readonly Service[] = [
  {
    title: 'Receiving & Inspection',
    icon: ClipboardCheck,
    points: ['Send us any carrier tracking code', 'Unpacked and inspected within 48 hours of arrival', 'Damages documented and sent to your inbox'],
  },
  {
    title: 'Storage & Item Management',
    icon: PackageCheck,
    points: ['Climate-controlled facility', 'Every item tracked online', 'In storage, pending or ready for delivery at a glance'],
  },
  {
    title: 'Delivery & Installation',
    icon: Truck,
    points: ['Consolidated deliveries to your job site', 'Optional white-glove placement', 'Assembly and installation on request'],
  },
  {
    title: 'Project Support',
    icon: Users,
    points: ['Flexible billing', 'Scheduling coordination', 'Responsive customer service'],
  },
];

const Section = styled.section`
  padding: 88px 0;
  background: ${({ theme }) => theme.colors.surface};
  @media (max-width: ${({ theme }) => theme.breakpoints.md}) { padding: 56px 0; }
`;

const Grid = styled.div`
  margin-top: 40px;
  display: grid;
  gap: 20px;
  grid-template-columns: repeat(4, minmax(0, 1fr));
  @media (max-width: ${({ theme }) => theme.breakpoints.lg}) { grid-template-columns: repeat(2, minmax(0, 1fr)); }
  @media (max-width: ${({ theme }) => theme.breakpoints.sm}) { grid-template-columns: 1fr; }
`;

const ServiceCard = styled(Card)`
  padding: 24px;
  transition: box-shadow 160ms ease, transform 160ms ease;
  &:hover { box-shadow: ${({ theme }) => theme.shadows.md}; transform: translateY(-2px); }
  h3 { margin-top: 16px; font-size: ${({ theme }) => theme.fontSizes.lg}; font-weight: 700; }
  ul { margin: 12px 0 0; padding: 0 0 0 18px; color: ${({ theme }) => theme.colors.textMuted}; font-size: ${({ theme }) => theme.fontSizes.sm}; }
  li + li { margin-top: 6px; }
`;

const IconWrap = styled.div`
  display: inline-flex;
  padding: 10px;
  border-radius: 12px;
  background: ${({ theme }) => theme.colors.accentSoft};
  color: ${({ theme }) => theme.colors.accent};
  svg { width: 22px; height: 22px; }
`;

export function ServicesSection() {
  return (
    <Section aria-labelledby="services-title">
      <Container>
        <Eyebrow>What we do</Eyebrow>
        <SectionTitle id="services-title">Our Services</SectionTitle>
        <SectionLead>From the carrier's truck to your client's living room, one team handles every step.</SectionLead>
        <Grid>
          {SERVICES.map(({ title, icon: Icon, points }) => (
            <ServiceCard key={title} as="article">
              <IconWrap>
                <Icon aria-hidden />
              </IconWrap>
              <h3>{title}</h3>
              <ul>
                {points.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            </ServiceCard>
          ))}
        </Grid>
      </Container>
    </Section>
  );
}
