import { Button, ButtonLink, telHref } from '@midway/ui';
import { Phone } from 'lucide-react';
import styled from 'styled-components';
import warehouseImage from './assets/warehouse.svg';
import { Container, Eyebrow, scrollToSection } from './layout';

const Section = styled.section`
  background: linear-gradient(180deg, ${({ theme }) => theme.colors.background} 0%, #fff 100%);
  padding: 72px 0 80px;
  @media (max-width: ${({ theme }) => theme.breakpoints.md}) { padding: 40px 0 56px; }
`;

const Grid = styled(Container)`
  display: grid;
  grid-template-columns: minmax(0, 1.05fr) minmax(0, 1fr);
  gap: 56px;
  align-items: center;
  @media (max-width: ${({ theme }) => theme.breakpoints.lg}) { grid-template-columns: 1fr; gap: 40px; }
`;

const Title = styled.h1`
  font-size: clamp(2rem, 3.4vw, 2.75rem);
  line-height: 1.1;
  font-weight: 800;
  letter-spacing: -0.03em;
  span { color: ${({ theme }) => theme.colors.accent}; }
`;

const Lead = styled.p`
  margin-top: 20px;
  font-size: ${({ theme }) => theme.fontSizes.lg};
  color: ${({ theme }) => theme.colors.textMuted};
  max-width: 560px;
`;

const Points = styled.ul`
  margin: 24px 0 0;
  padding: 0;
  list-style: none;
  display: grid;
  gap: 10px;
  li { display: flex; gap: 10px; align-items: baseline; color: ${({ theme }) => theme.colors.text}; }
  li::before { content: ''; width: 8px; height: 8px; border-radius: 50%; background: ${({ theme }) => theme.colors.accent}; flex-shrink: 0; transform: translateY(-1px); }
`;

const Ctas = styled.div`
  margin-top: 32px;
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
`;

const Figure = styled.figure`
  position: relative;
  margin: 0;
  img {
    width: 100%;
    height: auto;
    aspect-ratio: 4 / 3;
    object-fit: cover;
    border-radius: 20px;
    box-shadow: ${({ theme }) => theme.shadows.lg};
  }
`;

const PhoneBadge = styled.a`
  position: absolute;
  left: 20px;
  bottom: -22px;
  display: inline-flex;
  align-items: center;
  gap: 12px;
  padding: 14px 18px;
  border-radius: 14px;
  background: ${({ theme }) => theme.colors.sidebar};
  color: #fff;
  text-decoration: none;
  box-shadow: ${({ theme }) => theme.shadows.md};
  small { display: block; font-size: ${({ theme }) => theme.fontSizes.xs}; color: #cbd5e1; }
  strong { font-size: ${({ theme }) => theme.fontSizes.lg}; letter-spacing: 0.01em; }
  svg { width: 20px; height: 20px; color: ${({ theme }) => theme.colors.focus}; }
  @media (max-width: ${({ theme }) => theme.breakpoints.sm}) { left: 12px; right: 12px; }
`;


export function HeroSection({ phone, contactSectionId }: { phone: string; contactSectionId: string }) {
  return (
    <Section aria-labelledby="hero-title">
      <Grid>
        <div>
          <Eyebrow>White-glove logistics for designers</Eyebrow>
          <Title id="hero-title">
            Your vendor shipments, <span>received, inspected and delivered</span> with care.
          </Title>
          <Lead>
            Send us any carrier tracking code. Midway receives, unpacks and inspects every delivery within 48 hours of arrival,
            stores it in our climate-controlled facility and brings it to your job site when you're ready.
          </Lead>
          <Points>
            <li>Damages documented and sent straight to your inbox</li>
            <li>Track every item online: in storage, pending, ready for delivery</li>
            <li>Consolidated deliveries with optional placement and assembly</li>
          </Points>
          <Ctas>
            <ButtonLink href={telHref(phone)} $size="lg">
              <Phone aria-hidden />
              Call {phone}
            </ButtonLink>
            <Button $variant="outline" $size="lg" onClick={() => scrollToSection(contactSectionId)}>
              Send us a message
            </Button>
          </Ctas>
        </div>
        <Figure>
          <img
            src={warehouseImage}
            alt="Inside the Midway warehouse: racks of wrapped furniture and labelled crates"
            width={800}
            height={600}
            fetchPriority="high"
          />
          <PhoneBadge href={telHref(phone)} aria-label={`Call Midway at ${phone}`}>
            <Phone aria-hidden />
            <span>
              <small>Questions? Call us</small>
              <strong>{phone}</strong>
            </span>
          </PhoneBadge>
        </Figure>
      </Grid>
    </Section>
  );
}
