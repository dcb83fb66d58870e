import type { ContactBody } from '@midway/contracts';

/**
 * Client-side mirror of contactBodySchema in @midway/contracts: firstName, lastName, email
 * and message required; e-mail must look like an e-mail; phone optional. Mirrored rather than imported so the
 * landing bundle does not carry zod; the server validates with the schema itself.
 */
export interface ContactFormValues {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  message: string;
}

export type ContactErrors = Partial<Record<keyof ContactFormValues, string>>;

export const EMPTY_CONTACT_FORM: ContactFormValues = { firstName: '', lastName: '', email: '', phone: '', message: '' };

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const LIMITS = { firstName: 100, lastName: 100, email: 255, phone: 40, message: 5000 } as const;

export function validateContact(values: ContactFormValues): ContactErrors {
  const errors: ContactErrors = {};
  const v = trimAll(values);
  if (!v.firstName) errors.firstName = 'First name is required';
  if (!v.lastName) errors.lastName = 'Last name is required';
  if (!v.email) errors.email = 'Email is required';
  else if (!EMAIL_PATTERN.test(v.email)) errors.email = 'Please enter a valid email address';
  if (!v.message) errors.message = 'Message is required';
  for (const key of Object.keys(LIMITS) as (keyof typeof LIMITS)[]) {
    if (!errors[key] && v[key].length > LIMITS[key]) errors[key] = `Must be at most ${LIMITS[key]} characters`;
  }
  return errors;
}

function trimAll(values: ContactFormValues): ContactFormValues {
  return {
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    email: values.email.trim(),
    phone: values.phone.trim(),
    message: values.message.trim(),
  };
}

/** The POST /api/contact body: trimmed, phone omitted when empty. */
export function toContactBody(values: ContactFormValues): ContactBody {
  const v = trimAll(values);
  // undefined is dropped by JSON.stringify, so an empty phone is omitted from the request.
  return { firstName: v.firstName, lastName: v.lastName, email: v.email, phone: v.phone || undefined, message: v.message };
}
