import { composeInvitation } from './invitation.mailer';

const letter = {
  to: 'kim@studio.test',
  link: 'https://midway.example.test/invitations/abc_DEF-123',
  projectName: 'Loft <b>"Harbour"</b> & Co',
  invitedBy: 'Ann <Lee>',
  role: 'viewer' as const,
  expiresAt: new Date('2026-12-03T10:20:30Z'),
};

describe('the invitation e-mail', () => {
  const mail = composeInvitation(letter, 'Midway <no-reply@midway.test>');

  it('is addressed to the invitee, from the configured sender, and says who invites them to what', () => {
    expect({ from: mail.from, to: mail.to }).toEqual({ from: 'Midway <no-reply@midway.test>', to: 'kim@studio.test' });
    expect(mail.subject).toBe('Ann <Lee> invited you to the project "Loft <b>"Harbour"</b> & Co" on Midway');
  });

  it('gives the link, the role and the last day in plain text and in HTML', () => {
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain(letter.link);
      expect(part).toContain('follow it (read only)');
      expect(part).toContain('Thu, 03 Dec 2026');
    }
    expect(mail.html).toContain(`href="${letter.link}"`);
  });

  it("escapes the project's and the inviter's names in the HTML (they are typed by designers)", () => {
    expect(mail.html).toContain('Loft &lt;b&gt;&quot;Harbour&quot;&lt;/b&gt; &amp; Co');
    expect(mail.html).toContain('Ann &lt;Lee&gt;');
    expect(mail.html).not.toContain('<b>"Harbour"</b>');
  });
});
