import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { CurrentUser, RecoveryCodes, TotpSetup } from '@midway/contracts';
import { ApiError, apiJson, Button, Field, FieldError, handleUnauthorized, Input, isUnauthorizedError, Label, toast } from '@midway/ui';
import { CURRENT_USER_QUERY_KEY } from '@midway/ui/query';
import styled from 'styled-components';

const Section = styled.section`
  display: grid;
  gap: 12px;
  margin: 0 0 24px;
  padding-top: 20px;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  h3 { margin: 0; font-size: ${({ theme }) => theme.fontSizes.md}; }
  p { margin: 0; font-size: ${({ theme }) => theme.fontSizes.sm}; }
`;

const Qr = styled.img`
  width: 180px;
  height: 180px;
  max-width: 100%;
  image-rendering: pixelated;
`;

/** The secret as text, for an app that cannot scan: grouped by four, and never wider than the dialog. */
const Secret = styled.code`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  overflow-wrap: anywhere;
  letter-spacing: 0.05em;
`;

const Codes = styled.ol`
  margin: 0;
  padding-left: 24px;
  columns: 2;
  font-family: ui-monospace, SFMono-Regular, Menlo, monospace;
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

function messageOf(err: unknown, fallback: string): string {
  if (err instanceof ApiError) {
    try {
      const body = JSON.parse(err.body) as { message?: unknown };
      if (typeof body.message === 'string') return body.message;
    } catch {
      // not JSON: fall through
    }
  }
  return fallback;
}

/**
 * Two-step sign-in for staff: scan the QR code (or type the secret), confirm with the app's code, then keep the
 * recovery codes, shown this once. Confirming signs the session again (the server sets the cookie), so an admin
 * who had to enrol first reaches everything without signing in again.
 */
export function SecondFactorSetup({ user }: { user: CurrentUser }) {
  const queryClient = useQueryClient();
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [code, setCode] = useState('');
  const [codes, setCodes] = useState<string[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const start = async () => {
    setError(null);
    setBusy(true);
    try {
      setSetup(await apiJson<TotpSetup>('POST', '/api/auth/second-factor/setup'));
    } catch (err) {
      if (isUnauthorizedError(err)) return void handleUnauthorized();
      setError(messageOf(err, 'Two-step sign-in could not be set up. Check your connection and try again.'));
    } finally {
      setBusy(false);
    }
  };

  const confirm = async (e: FormEvent) => {
    e.preventDefault();
    if (!/^\d{6}$/.test(code.replace(/\s/g, ''))) return void setError('Enter the 6 digits your app shows.');
    setError(null);
    setBusy(true);
    try {
      const answer = await apiJson<RecoveryCodes>('POST', '/api/auth/second-factor/confirm', { code });
      setCodes(answer.recoveryCodes);
      setSetup(null);
      toast({ title: 'Two-step sign-in is on' });
    } catch (err) {
      if (isUnauthorizedError(err)) return void handleUnauthorized();
      setError(messageOf(err, 'The code could not be checked. Check your connection and try again.'));
    } finally {
      setBusy(false);
    }
  };

  // Only now does the rest of the app open up (an admin who had to enrol): the session was signed again.
  const done = () => {
    setCodes(null);
    queryClient.setQueryData<CurrentUser>(CURRENT_USER_QUERY_KEY, (u) => ({ ...(u ?? user), secondFactor: 'on' }));
  };

  if (codes) {
    return (
      <Section aria-labelledby="second-factor-title">
        <h3 id="second-factor-title">Save your recovery codes</h3>
        <p>Each code signs you in once if you lose your phone. Keep them somewhere safe: they are not shown again.</p>
        <Codes aria-label="Recovery codes">
          {codes.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </Codes>
        <Button type="button" onClick={done}>
          I have saved them
        </Button>
      </Section>
    );
  }
  if (user.secondFactor === 'on') {
    return (
      <Section aria-labelledby="second-factor-title">
        <h3 id="second-factor-title">Two-step sign-in</h3>
        <p>On. Signing in asks for the code from your authenticator app after your password.</p>
      </Section>
    );
  }
  return (
    <Section aria-labelledby="second-factor-title">
      <h3 id="second-factor-title">Two-step sign-in</h3>
      {!setup ? (
        <>
          <p>Your account can move money and see every project. Add an authenticator app (Google Authenticator, 1Password, Authy…) so a password alone cannot sign in.</p>
          {error && <FieldError>{error}</FieldError>}
          <Button type="button" onClick={start} disabled={busy}>
            {busy ? 'Starting…' : 'Set up two-step sign-in'}
          </Button>
        </>
      ) : (
        <form onSubmit={confirm} noValidate>
          <p>Scan this code with your authenticator app, then enter the 6 digits it shows.</p>
          <Qr src={setup.qrDataUrl} alt="QR code for your authenticator app" width={180} height={180} />
          <p>
            Cannot scan? Enter this key: <Secret data-testid="totp-secret">{setup.secret.replace(/(.{4})/g, '$1 ').trim()}</Secret>
          </p>
          <Field>
            <Label htmlFor="totp-code">Code from the app</Label>
            <Input id="totp-code" inputMode="numeric" autoComplete="one-time-code" maxLength={7} aria-invalid={error ? true : undefined} value={code} onChange={(e) => setCode(e.target.value)} />
            {error && <FieldError>{error}</FieldError>}
          </Field>
          <Button type="submit" disabled={busy || !code}>
            {busy ? 'Checking…' : 'Turn on'}
          </Button>
        </form>
      )}
    </Section>
  );
}
