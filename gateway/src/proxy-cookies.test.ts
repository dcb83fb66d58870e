import { onlyCookies } from './proxy.middleware';

describe('onlyCookies (a route that forwards named cookies)', () => {
  it('keeps the named cookies and drops the rest, the session credential included', () => {
    expect(onlyCookies('midway_session=secret; midway_second_step=abc.def; other=1', ['midway_second_step'])).toBe('midway_second_step=abc.def');
    expect(onlyCookies(['midway_oidc_state=s1', 'midway_session=x'], ['midway_oidc_state'])).toBe('midway_oidc_state=s1');
  });

  it('forwards no header when none of them is there', () => {
    expect(onlyCookies('midway_session=secret', ['midway_second_step'])).toBeUndefined();
    expect(onlyCookies(undefined, ['midway_second_step'])).toBeUndefined();
    // A name that merely starts like one is another cookie.
    expect(onlyCookies('midway_second_step_x=1', ['midway_second_step'])).toBeUndefined();
  });
});
