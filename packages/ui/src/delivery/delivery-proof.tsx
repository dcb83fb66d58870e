import type { Delivery } from '@midway/contracts';
import styled from 'styled-components';

const Proof = styled.section`
  display: grid;
  gap: 8px;
  min-width: 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  overflow-wrap: anywhere;
  h3, h4 { margin: 0; font-size: ${({ theme }) => theme.fontSizes.sm}; font-weight: 600; }
  p { margin: 0; }
  ul { list-style: none; margin: 0; padding: 0; display: flex; flex-wrap: wrap; gap: 8px; }
  img {
    display: block;
    max-width: 100%;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.sm};
    background: ${({ theme }) => theme.colors.surface};
  }
  li img { width: 96px; height: 96px; object-fit: cover; }
  .signature { width: 240px; max-width: 100%; height: auto; }
`;

/** "Jun 5, 2026, 3:00 PM" in the viewer's time zone. */
const when = (iso: string) => new Date(iso).toLocaleString('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });

/**
 * A completed delivery's proof as it was recorded at the door: who received it and when, why it came before its
 * date, the items not delivered with why, the photos and the signature. The images are served by logistics to
 * those who reach the project (signed-in staff and the project's people), for as long as the project exists.
 */
export function DeliveryProof({ delivery, headingLevel = 'h3' }: { delivery: Delivery; headingLevel?: 'h3' | 'h4' }) {
  if (delivery.status !== 'completed') return null;
  const Heading = headingLevel;
  const excepted = delivery.items.filter((i) => i.exception);
  return (
    <Proof aria-label={`Proof of delivery: ${delivery.projectName}`} data-testid="delivery-proof">
      <Heading>Proof of delivery</Heading>
      <p>
        Received by <strong>{delivery.receivedBy}</strong>
        {delivery.completedAt ? ` on ${when(delivery.completedAt)}` : ''}
      </p>
      {delivery.earlyReason ? <p>Delivered before its booked date: {delivery.earlyReason}</p> : null}
      {excepted.length ? (
        <p>
          Not delivered: {excepted.map((i) => `${i.name} (${i.exception})`).join('; ')}
        </p>
      ) : null}
      {delivery.photoUrls.length ? (
        <ul aria-label="Proof photos">
          {delivery.photoUrls.map((url, i) => (
            <li key={url}>
              <a href={url} target="_blank" rel="noreferrer">
                <img src={url} alt={`Proof photo ${i + 1} of ${delivery.photoUrls.length}`} loading="lazy" />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {delivery.signatureUrl ? <img className="signature" src={delivery.signatureUrl} alt={`Signature of ${delivery.receivedBy ?? 'the receiver'}`} loading="lazy" /> : null}
    </Proof>
  );
}
