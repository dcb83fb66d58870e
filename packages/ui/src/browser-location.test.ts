import { currentPagePath, signInReturningTo } from './browser-location';

describe('signInReturningTo', () => {
  it('asks the sign-in page to come back to the page, its query and fragment encoded', () => {
    expect(signInReturningTo('/projects/p1')).toBe('/api/login?returnTo=%2Fprojects%2Fp1');
    expect(signInReturningTo('/projects/p1?tab=items&x=1#d')).toBe(`/api/login?returnTo=${encodeURIComponent('/projects/p1?tab=items&x=1#d')}`);
  });

  it('is the plain sign-in page for the dashboard', () => {
    expect(signInReturningTo('/')).toBe('/api/login');
    expect(signInReturningTo('')).toBe('/api/login');
  });
});

describe('currentPagePath', () => {
  afterEach(() => window.history.pushState({}, '', '/'));

  it('is the path, query and fragment of the page shown, without the origin', () => {
    window.history.pushState({}, '', '/projects/p1?tab=items#damage');
    expect(currentPagePath()).toBe('/projects/p1?tab=items#damage');
  });
});
