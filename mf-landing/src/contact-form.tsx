import type { ContactResponse } from '@midway/contracts';
import { apiJson, Button, Field, FieldError, FormRow, handleUnauthorized, Input, isUnauthorizedError, Label, Optional, Textarea, toast } from '@midway/ui';
import { Send } from 'lucide-react';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import styled from 'styled-components';
import { EMPTY_CONTACT_FORM, toContactBody, validateContact, type ContactErrors, type ContactFormValues } from './contact-validation';

declare global {
  interface Window {
    /** Marketing hooks a deployment may add to the page; called only when present. */
    gtag_report_conversion?: () => void;
    trackLead?: () => void;
  }
}

const Form = styled.form`
  display: grid;
  gap: 18px;
`;

const FIELDS: { name: keyof ContactFormValues; label: string; type?: string; autoComplete: string }[] = [
  { name: 'firstName', label: 'First name', autoComplete: 'given-name' },
  { name: 'lastName', label: 'Last name', autoComplete: 'family-name' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel' },
];

function fireMarketingHooks() {
  try {
    window.gtag_report_conversion?.();
    window.trackLead?.();
  } catch {
    // A broken third-party hook must never turn a sent message into an error.
  }
}

/** 'Let's Talk' contact form: idle → sending ('SENDING...', disabled) → idle; reset on success. */
export function ContactForm() {
  const [values, setValues] = useState<ContactFormValues>(EMPTY_CONTACT_FORM);
  const [errors, setErrors] = useState<ContactErrors>({});

  // Plain state rather than useMutation: the landing page is on the signed-out path, which loads no React Query.
  const [sending, setSending] = useState(false);

  const send = async (body: ReturnType<typeof toContactBody>) => {
    setSending(true);
    let res: ContactResponse;
    try {
      res = await apiJson<ContactResponse>('POST', '/api/contact', body);
    } catch (error) {
      setSending(false);
      // What the shared query client did for any mutation's 401 (this public form should never get one).
      if (isUnauthorizedError(error)) handleUnauthorized();
      toast({ title: 'Error', description: 'Failed to send message. Please try again.', variant: 'destructive' });
      return;
    }
    setSending(false);
    if (!res.success) {
      toast({ title: 'Error', description: res.message, variant: 'destructive' });
      return;
    }
    toast({ title: 'Message Sent!', description: res.message, variant: 'success' });
    setValues(EMPTY_CONTACT_FORM);
    setErrors({});
    fireMarketingHooks();
  };

  const onChange = (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const name = e.target.name as keyof ContactFormValues;
    setValues((v) => ({ ...v, [name]: e.target.value }));
    if (errors[name]) setErrors((er) => ({ ...er, [name]: undefined }));
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const found = validateContact(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      document.getElementById(`contact-${Object.keys(found)[0]}`)?.focus();
      return;
    }
    if (sending) return;
    void send(toContactBody(values));
  };

  const input = (name: keyof ContactFormValues, label: string, type = 'text', autoComplete?: string) => (
    <Field key={name}>
      <Label htmlFor={`contact-${name}`}>
        {label} {name === 'phone' ? <Optional>(optional)</Optional> : null}
      </Label>
      <Input
        id={`contact-${name}`}
        name={name}
        type={type}
        autoComplete={autoComplete}
        value={values[name]}
        onChange={onChange}
        disabled={sending}
        aria-required={name !== 'phone'}
        aria-invalid={Boolean(errors[name])}
        aria-describedby={errors[name] ? `contact-${name}-error` : undefined}
      />
      {errors[name] ? <FieldError id={`contact-${name}-error`}>{errors[name]}</FieldError> : null}
    </Field>
  );

  return (
    <Form onSubmit={onSubmit} noValidate aria-label="Contact Midway">
      <FormRow>
        {input(FIELDS[0].name, FIELDS[0].label, FIELDS[0].type, FIELDS[0].autoComplete)}
        {input(FIELDS[1].name, FIELDS[1].label, FIELDS[1].type, FIELDS[1].autoComplete)}
      </FormRow>
      <FormRow>
        {input(FIELDS[2].name, FIELDS[2].label, FIELDS[2].type, FIELDS[2].autoComplete)}
        {input(FIELDS[3].name, FIELDS[3].label, FIELDS[3].type, FIELDS[3].autoComplete)}
      </FormRow>
      <Field>
        <Label htmlFor="contact-message">Message</Label>
        <Textarea
          id="contact-message"
          name="message"
          rows={5}
          value={values.message}
          onChange={onChange}
          disabled={sending}
          placeholder="Tell us about your project, your vendors and your timeline."
          aria-required
          aria-invalid={Boolean(errors.message)}
          aria-describedby={errors.message ? 'contact-message-error' : undefined}
        />
        {errors.message ? <FieldError id="contact-message-error">{errors.message}</FieldError> : null}
      </Field>
      <Button type="submit" $size="lg" disabled={sending}>
        <Send aria-hidden />
        {sending ? 'SENDING...' : 'SEND MESSAGE'}
      </Button>
    </Form>
  );
}
