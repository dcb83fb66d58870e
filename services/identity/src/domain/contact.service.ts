import type { ContactBody, ContactResponse } from '@midway/contracts';
import type { ContactRepository } from '../data/contact.repository';

export class ContactService {
  constructor(
    private readonly messages: ContactRepository,
    private readonly onStored: () => void,
  ) {}

  /** Stores the message first, so a mail outage never loses it; the mailer sends it afterwards. */
  async submit(body: ContactBody): Promise<ContactResponse> {
    await this.messages.create(body);
    this.onStored();
    return { success: true, message: "Thank you for reaching out. We'll get back to you within one business day." };
  }
}
