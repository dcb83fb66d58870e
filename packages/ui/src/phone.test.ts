import { telHref } from './phone';

it('keeps digits and a leading plus only', () => {
  expect(telHref('(604) 555-0142')).toBe('tel:6045550142');
  expect(telHref('+1 604.555.0142 ext')).toBe('tel:+16045550142');
});
