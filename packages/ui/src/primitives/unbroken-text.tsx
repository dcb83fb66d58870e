import { Fragment } from 'react';
import styled from 'styled-components';

/**
 * A code read as one piece (a tracking number, an invoice number): never wrapped inside, so a person copying or
 * reading it out sees it whole. It ellipsizes instead when even its own line is too narrow.
 */
export const Code = styled.span`
  display: inline-block;
  max-width: 100%;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
  vertical-align: bottom;
  font-variant-numeric: tabular-nums;
`;

const EmailBox = styled.span`
  overflow-wrap: break-word;
  word-break: normal;
`;

/** Where an e-mail address may wrap: after the @ and before each dot, never inside a name. */
export function emailParts(email: string): string[] {
  return email.split(/(?<=@)|(?=\.)/);
}

/**
 * An e-mail address that wraps only at its @ and dots (`dana.ng@` / `studio` / `.test`), not mid-word, in a
 * narrow column; a single part longer than the column still breaks rather than overflowing.
 */
export function EmailText({ email }: { email: string }) {
  return (
    <EmailBox>
      {emailParts(email).map((part, i) => (
        <Fragment key={i}>
          {i > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </EmailBox>
  );
}
