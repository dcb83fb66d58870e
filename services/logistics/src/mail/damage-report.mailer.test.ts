import { composeDamageReport, type DamageLetter } from './damage-report.mailer';

const letter: DamageLetter = {
  to: ['ada@example.com', 'mia@example.com'],
  itemName: 'Walnut <b>sideboard</b>',
  projectName: 'Harbour & Loft',
  projectUrl: 'https://midway.example/projects/0b7c9f4e-2a1d-4c3e-9f5a-6d8e7f1a2b3c',
  condition: 'missing-parts',
  notes: 'Two legs missing; box "crushed"',
  photoLinks: ['https://midway.example/api/damage-photos/5a0c1f1e-aaaa-4bbb-8ccc-0123456789ab?expires=1780000000&sig=abc'],
  linksUntil: new Date('2026-06-08T10:00:00.000Z'),
  reportedAt: new Date('2026-06-01T10:00:00.000Z'),
};

it('says what was found on which item, in plain text and HTML, to everyone of the project at once', () => {
  const mail = composeDamageReport(letter, 'Midway <no-reply@midway.local>');
  expect(mail.to).toEqual(['ada@example.com', 'mia@example.com']);
  expect(mail.subject).toBe('Damage report: Walnut <b>sideboard</b> (Harbour & Loft) — Missing parts');
  for (const part of ['Missing parts', 'Mon, 01 Jun 2026', 'Mon, 08 Jun 2026']) {
    expect(mail.text).toContain(part);
    expect(mail.html).toContain(part);
  }
  expect(mail.text).toContain('Notes: Two legs missing; box "crushed"');
  expect(mail.text).toContain(`Photo 1: ${letter.photoLinks[0]}`);
  expect(mail.html).toContain(`href="${letter.photoLinks[0]!.replace(/&/g, '&amp;')}"`);
  // The project it names links to the project's page.
  expect(mail.text).toContain(letter.projectUrl);
  expect(mail.html).toContain(`href="${letter.projectUrl}"`);
});

it('escapes names and notes in the HTML', () => {
  const { html } = composeDamageReport(letter, 'x');
  expect(html).toContain('Walnut &lt;b&gt;sideboard&lt;/b&gt;');
  expect(html).toContain('Harbour &amp; Loft');
  expect(html).toContain('box &quot;crushed&quot;');
  expect(html).not.toContain('<b>sideboard</b>');
});

it('says so when no photos were taken, and shows a dash for no notes', () => {
  const mail = composeDamageReport({ ...letter, photoLinks: [], notes: null }, 'x');
  expect(mail.text).toContain('No photos were taken.');
  expect(mail.text).toContain('Notes: —');
  expect(mail.html).not.toContain('/api/damage-photos/');
});
