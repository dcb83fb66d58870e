// The light core of @midway/ui: what every page needs (theme, primitives without Radix, toasts, the API client).
// Nothing here imports React Query: the query client, useCurrentUser and MidwayProviders are @midway/ui/query. The Radix-heavy components are separate entries, each shared as its own singleton, so a page that
// never opens a dialog never downloads one: @midway/ui/dialog, /select, /tabs, /switch, /avatar.
export { theme, type MidwayTheme, type BadgeTone } from './theme';
export { GlobalStyle } from './global-style';
export { Button, ButtonLink, buttonStyles, type ButtonVariant, type ButtonSize, type ButtonStyleProps } from './button';
export { Input, Textarea, Label, Field, FieldError } from './input';
export { Card, CardHeader, CardTitle, CardDescription, CardContent, CardFooter } from './card';
export { Badge, StatusBadge, statusTone, statusLabel } from './badge';
export { Table, TableContainer, TableHead, TableBody, TableRow, TableHeaderCell, TableCell } from './table';
export { Skeleton } from './skeleton';
export { Toaster } from './toast';
export {
  toast,
  dismissToast,
  getToasts,
  resetToasts,
  TOAST_LIMIT,
  TOAST_DURATION_MS,
  TOAST_SWIPE_THRESHOLD_PX,
  TOAST_HOTKEY,
  type ToastInput,
  type ToastVariant,
} from './toast-store';
export {
  ApiError,
  apiRequest,
  apiJson,
  getJson,
  getQueryFn,
  throwIfResNotOk,
  isUnauthorizedError,
  handleUnauthorized,
  UNAUTHORIZED_REDIRECT_DELAY_MS,
  type UnauthorizedBehavior,
} from './api-client';
export { fetchCurrentUser, displayName, CURRENT_USER_PATH } from './current-user';
export { browserLocation, LOGIN_PATH, LOGOUT_PATH } from './browser-location';
export { MidwayStyleProviders } from './providers';
export { MidwayLogo } from './logo';
export * from './phone';
