/** A `tel:` link for a phone number as people write it: '(604) 555-0142' → 'tel:6045550142'. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^+\d]/g, '')}`;
}
