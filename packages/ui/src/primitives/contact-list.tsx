import styled, { css } from 'styled-components';
import { telHref } from '../phone';
import { OutlineIcon } from './outline-icon';

/** The provider's contact details, as the runtime configuration (PublicConfig) carries them. */
export interface ContactDetails {
  supportPhone: string;
  supportEmail: string;
  supportAddress: string;
}

const Phone = () => (
  <OutlineIcon>
    <path d="M13.832 16.568a1 1 0 0 0 1.213-.303l.355-.465A2 2 0 0 1 17 15h3a2 2 0 0 1 2 2v3a2 2 0 0 1-2 2A18 18 0 0 1 2 4a2 2 0 0 1 2-2h3a2 2 0 0 1 2 2v3a2 2 0 0 1-.8 1.6l-.468.351a1 1 0 0 0-.292 1.233 14 14 0 0 0 6.392 6.384" />
  </OutlineIcon>
);

const Mail = () => (
  <OutlineIcon>
    <path d="m22 7-8.991 5.727a2 2 0 0 1-2.009 0L2 7" />
    <rect x="2" y="4" width="20" height="16" rx="2" />
  </OutlineIcon>
);

const MapPin = () => (
  <OutlineIcon>
    <path d="M20 10c0 4.993-5.539 10.193-7.399 11.799a1 1 0 0 1-1.202 0C9.539 20.193 4 14.993 4 10a8 8 0 0 1 16 0" />
    <circle cx="12" cy="10" r="3" />
  </OutlineIcon>
);

const List = styled.ul<{ $size: 'sm' | 'md' }>`
  margin: 0;
  padding: 0;
  list-style: none;
  display: grid;
  li { display: flex; align-items: flex-start; }
  svg { flex-shrink: 0; color: ${({ theme }) => theme.colors.accent}; }
  a { color: ${({ theme }) => theme.colors.text}; font-weight: 600; text-decoration: none; overflow-wrap: anywhere; }
  a:hover { text-decoration: underline; }
  ${({ $size, theme }) =>
    $size === 'sm'
      ? css`
          gap: 10px;
          font-size: ${theme.fontSizes.sm};
          li { gap: 10px; }
          svg { width: 16px; height: 16px; margin-top: 2px; }
        `
      : css`
          gap: 16px;
          li { gap: 12px; align-items: center; }
          svg { width: 20px; height: 20px; }
        `}
`;

/** Phone (a tel: link), e-mail (a mailto: link) and address of the provider: one rendering for every page. */
export function ContactList({ details, size = 'sm', className }: { details: ContactDetails; size?: 'sm' | 'md'; className?: string }) {
  return (
    <List $size={size} className={className} aria-label="Contact details">
      <li>
        <Phone />
        <a href={telHref(details.supportPhone)}>{details.supportPhone}</a>
      </li>
      <li>
        <Mail />
        <a href={`mailto:${details.supportEmail}`}>{details.supportEmail}</a>
      </li>
      <li>
        <MapPin />
        <span>{details.supportAddress}</span>
      </li>
    </List>
  );
}
