// The light core of @midway/ui: what every page needs (theme, primitives without Radix, toasts, the API client,
// page titles). Nothing here imports React Query: the query client, useCurrentUser and MidwayProviders are
// @midway/ui/query. Heavier parts are separate entries, each shared as its own singleton, so a page downloads
// only what it renders: page headers, tables, stat cards and empty states are @midway/ui/data, the Radix components @midway/ui/dialog,
// /select, /tabs, /switch and /avatar.
export { theme, type MidwayTheme, type BadgeTone } from './theme';
export { GlobalStyle } from './global-style';
export { Button, ButtonLink, ButtonLabel, buttonStyles, type ButtonVariant, type ButtonSize, type ButtonStyleProps } from './primitives/button';
export { Input, Textarea, Label, Field, FieldError } from './primitives/input';
export { FormGrid, FormRow, FormAlert, Optional } from './primitives/form-layout';
export { Card, CardHeader, CardTitle, CardDescription, CardContent, CardFooter } from './primitives/card';
export { Badge, badgeStyles, StatusBadge, statusTone, statusLabel } from './primitives/badge';
export { PageFallback, Skeleton } from './primitives/skeleton';
export { NativeSelect, type NativeSelectProps } from './primitives/native-select';
export { FilterBar, SearchBox, SEARCH_MAX_LENGTH, type FilterBarProps, type SearchBoxProps } from './primitives/filter-bar';
export { ContactList, type ContactDetails } from './primitives/contact-list';
export { Code, EmailText, emailParts } from './primitives/unbroken-text';
export { usePageTitle, PageTitle, formatPageTitle, PRODUCT_TITLE, TITLE_PRIORITY } from './page-title';
export { Toaster } from './toast/toast';
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
} from './toast/toast-store';
export {
  ApiError,
  apiRequest,
  apiJson,
  getJson,
  getQueryFn,
  throwIfResNotOk,
  isUnauthorizedError,
  serverMessage,
  handleUnauthorized,
  UNAUTHORIZED_REDIRECT_DELAY_MS,
  IDEMPOTENCY_KEY_HEADER,
  newIdempotencyKey,
  type UnauthorizedBehavior,
} from './api-client';
export { createFirstReads, wasPrefetched, type FirstReads } from './first-reads';
export { fetchCurrentUser, displayName, CURRENT_USER_PATH } from './current-user';
export { browserLocation, currentPagePath, LOGIN_PATH, LOGOUT_PATH, signInReturningTo } from './browser-location';
export { MidwayStyleProviders } from './providers';
export { MidwayLogo } from './logo';
export { preloadableLazy, type PreloadableComponent } from './preloadable-lazy';
export * from './phone';
export { formatCount, formatMoney, formatUsd, NO_AMOUNT } from './number-format';
