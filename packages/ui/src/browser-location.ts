/**
 * Full-page navigations (to server-rendered pages such as /api/login), behind one seam so tests can observe
 * them: jsdom does not implement navigation.
 */
export const browserLocation = {
  assign(url: string): void {
    window.location.assign(url);
  },
};

export const LOGIN_PATH = '/api/login';
export const LOGOUT_PATH = '/api/logout';
