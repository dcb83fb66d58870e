/**
 * `@midway/contracts/vocab`: the product's fixed vocabularies and limits as plain `as const` values, with no zod
 * (and no other import), so a browser bundle can use them without pulling in the schemas. The zod schemas build
 * their enums from these arrays, so each list is written once.
 */

/* ---------- ids ---------- */

const UUID_PATTERN = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const UUID = new RegExp(`^${UUID_PATTERN}$`, 'i');
/** Ids arrive in URLs and cursors anyone can type; one that is not a UUID names nothing, and never reaches SQL. */
export const isUuid = (value: string): boolean => UUID.test(value);

/* ---------- projects ---------- */

export const PROJECT_STATUSES = ['active', 'planning', 'in-progress', 'completed'] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];
export const PROJECT_STATUS_LABELS: Record<ProjectStatus, string> = {
  active: 'Active',
  planning: 'Planning',
  'in-progress': 'In Progress',
  completed: 'Completed',
};

/**
 * The caller's role on a project: its owner; an admin (who reaches every project); a member (works on it:
 * edits its items and fields); a viewer (reads only).
 */
export const PROJECT_ACCESS_LEVELS = ['owner', 'admin', 'member', 'viewer'] as const;
export type ProjectAccess = (typeof PROJECT_ACCESS_LEVELS)[number];

/** What a role may do on a project. The catalog service enforces this table; the pages show only what it allows. */
export const PROJECT_CAPABILITIES = ['read', 'editItems', 'editProject', 'manageMembers', 'share'] as const;
export type ProjectCapability = (typeof PROJECT_CAPABILITIES)[number];
const ROLE_CAPABILITIES: Record<ProjectAccess, readonly ProjectCapability[]> = {
  owner: PROJECT_CAPABILITIES,
  admin: PROJECT_CAPABILITIES,
  member: ['read', 'editItems', 'editProject'],
  viewer: ['read'],
};
export const canOnProject = (access: ProjectAccess, capability: ProjectCapability): boolean => ROLE_CAPABILITIES[access].includes(capability);

/** Roles a project member can be given. */
export const MEMBER_ROLES = ['member', 'viewer'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

/* ---------- items ---------- */

/** One item-status vocabulary across the product. */
export const ITEM_STATUSES = ['ordered', 'in-transit', 'received', 'stored', 'delivered'] as const;
export type ItemStatus = (typeof ITEM_STATUSES)[number];
/** Other words accepted for a status: `shipped` (offered by the edit dialog) means `in-transit`. */
export const ITEM_STATUS_ALIASES: Readonly<Record<string, ItemStatus>> = { shipped: 'in-transit' };
/**
 * The one rule every count of items follows (the Items page's cards, the dashboard, the project page, the client
 * link): an item counts under its own status. In Transit is the status in-transit: a tracking number alone does not
 * make an item in transit (a received item keeps its number), and an item without one is not Ordered for that.
 */
export const ITEM_COUNT_STATUS = { ordered: 'ordered', inTransit: 'in-transit', delivered: 'delivered' } as const satisfies Record<string, ItemStatus>;
export type ItemCountBucket = keyof typeof ITEM_COUNT_STATUS;
export const countsAs = (bucket: ItemCountBucket, item: { status: ItemStatus }): boolean => item.status === ITEM_COUNT_STATUS[bucket];
export const ITEM_STATUS_LABELS: Record<ItemStatus, string> = {
  ordered: 'Ordered',
  'in-transit': 'In Transit',
  received: 'Received',
  stored: 'Stored',
  delivered: 'Delivered',
};

/** GET /api/items pages; the next page's cursor comes in the X-Next-Cursor header. */
export const ITEMS_PAGE_DEFAULT = 200;
export const ITEMS_PAGE_MAX = 1000;
export const NEXT_CURSOR_HEADER = 'x-next-cursor';
/** GET /api/invoices pages, as items' (the next page's cursor in X-Next-Cursor). */
export const INVOICES_PAGE_DEFAULT = 200;
export const INVOICES_PAGE_MAX = 1000;

export const BULK_IMPORT_MAX_ROWS = 20_000;
/** Items one bulk status change or bulk delete may name (a page of the Items list at most). */
export const BULK_ITEMS_MAX = 1000;

/* ---------- logistics: per-item services ---------- */

/** Every item has exactly one service of each type (logistics creates them when the item appears). */
export const SERVICE_TYPES = ['receiving', 'enhanced_inspection', 'storage', 'delivery', 'install_assembly'] as const;
export type ServiceType = (typeof SERVICE_TYPES)[number];
export const SERVICE_TYPE_LABELS: Record<ServiceType, string> = {
  receiving: 'White-Glove Receiving',
  enhanced_inspection: 'Enhanced Inspection',
  storage: 'Storage & Warehousing',
  delivery: 'Last-Mile Delivery',
  install_assembly: 'Installation & Assembly',
};
/* ---------- logistics: the receiving desk ---------- */

/** What an inspection found; anything but `good` is a damage report e-mailed to the project's people. */
export const INSPECTION_CONDITIONS = ['good', 'damaged', 'missing-parts'] as const;
export type InspectionCondition = (typeof INSPECTION_CONDITIONS)[number];
export const INSPECTION_CONDITION_LABELS: Record<InspectionCondition, string> = {
  good: 'Good',
  damaged: 'Damaged',
  'missing-parts': 'Missing parts',
};
export const isDamageCondition = (condition: InspectionCondition): boolean => condition !== 'good';
/** The promise: an arrived item is inspected within this many hours of its arrival. */
export const INSPECTION_DUE_HOURS = 48;
/** The inspection queue's filters: pending = not inspected yet (overdue ones included), overdue = past due, done = inspected. */
export const INSPECTION_QUEUE_STATUSES = ['pending', 'overdue', 'done'] as const;
export type InspectionQueueStatus = (typeof INSPECTION_QUEUE_STATUSES)[number];
/** Arrivals listed by the desk: unmatched ones wait to be assigned to an item; discarded ones were mis-scans, kept as history. */
export const ARRIVAL_STATUSES = ['unmatched', 'matched', 'discarded'] as const;
export type ArrivalStatus = (typeof ARRIVAL_STATUSES)[number];
/** A scan matches by suffix only from this many characters, and answers at most this many suffix matches. */
export const SCAN_SUFFIX_MIN_LENGTH = 8;
export const SCAN_SUFFIX_MAX_MATCHES = 10;
/** Photos per inspection. */
export const INSPECTION_PHOTOS_MAX = 20;
/** A damage e-mail's photo links open without a session for this many days, then stop. */
export const DAMAGE_PHOTO_LINK_DAYS = 7;
/** What the public client page shows of an item's inspection (never its notes or photos). */
export const INSPECTION_OUTCOMES = ['inspected', 'damage-reported'] as const;
export type InspectionOutcome = (typeof INSPECTION_OUTCOMES)[number];
export const INSPECTION_OUTCOME_LABELS: Record<InspectionOutcome, string> = {
  inspected: 'Inspected',
  'damage-reported': 'Damage reported',
};

/* ---------- logistics: deliveries ---------- */

/**
 * A delivery's life: requested (by the designer) → scheduled (staff fixed its run) → out-for-delivery →
 * completed (proof of delivery); cancelled from requested or scheduled. Open ones hold their items.
 */
export const DELIVERY_STATUSES = ['requested', 'scheduled', 'out-for-delivery', 'completed', 'cancelled'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
export const DELIVERY_STATUS_LABELS: Record<DeliveryStatus, string> = {
  requested: 'Requested',
  scheduled: 'Scheduled',
  'out-for-delivery': 'Out for delivery',
  completed: 'Delivered',
  cancelled: 'Cancelled',
};
/** Deliveries that still hold their items: an item is on at most one of these at a time. */
export const OPEN_DELIVERY_STATUSES = ['requested', 'scheduled', 'out-for-delivery'] as const satisfies readonly DeliveryStatus[];
/** When in the day the client wants it; a run visits morning stops first. */
export const DELIVERY_WINDOWS = ['morning', 'afternoon', 'any'] as const;
export type DeliveryWindow = (typeof DELIVERY_WINDOWS)[number];
export const DELIVERY_WINDOW_LABELS: Record<DeliveryWindow, string> = { morning: 'Morning', afternoon: 'Afternoon', any: 'Any time' };
/** Items one delivery may carry; photos per proof of delivery; the signature image's size (its data URL fits the API's 100 kB bodies). */
export const DELIVERY_ITEMS_MAX = 200;
export const DELIVERY_PHOTOS_MAX = 20;
export const DELIVERY_SIGNATURE_MAX_BYTES = 64_000;
/** The delivery e-mails' proof photo links open without a session for this many days, like a damage report's. */
export const DELIVERY_PHOTO_LINK_DAYS = DAMAGE_PHOTO_LINK_DAYS;

/** Saturday and Sunday are not business days; `date` is a calendar date YYYY-MM-DD. */
export function isWeekend(date: string): boolean {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day === 0 || day === 6;
}

/* ---------- billing: rates, invoices ---------- */

/** What billing charges for: the per-item services plus special handling (added by hand, $10.00 per item). */
export const BILLING_RATE_TYPES = ['receiving', 'enhanced_inspection', 'storage', 'delivery', 'install_assembly', 'special_handling'] as const;
export type BillingRateType = (typeof BILLING_RATE_TYPES)[number];
/**
 * The default fee table that `POST /api/billing/initialize` writes, as decimal strings, never floats. A per-item
 * service costs its type's rate here when logistics creates it, so each fee is written once.
 */
export const BILLING_DEFAULT_RATES: Record<BillingRateType, { rate: string; unit: string; description: string }> = {
  receiving: { rate: '25.00', unit: 'per item', description: 'Item receiving' },
  enhanced_inspection: { rate: '15.00', unit: 'per item', description: 'Enhanced inspection' },
  storage: { rate: '2.00', unit: 'per item per day', description: 'Daily storage' },
  delivery: { rate: '50.00', unit: 'per delivery', description: 'Delivery service' },
  install_assembly: { rate: '75.00', unit: 'per service', description: 'Installation/assembly' },
  special_handling: { rate: '10.00', unit: 'per item', description: 'Special handling' },
};
export const BILLING_RATE_LABELS: Record<BillingRateType, string> = {
  ...SERVICE_TYPE_LABELS,
  special_handling: 'Special Handling',
};
/** Invoice states: draft → sent → paid; a sent invoice past its due date is overdue; unpaid ones can be void. */
export const INVOICE_STATUSES = ['draft', 'sent', 'paid', 'overdue', 'void'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
/** Line types of an invoice: the Add Invoice Item dialog's and the automatic ones. */
export const INVOICE_ITEM_TYPES = ['storage', 'handling', 'delivery', 'receiving', 'inspection', 'enhanced_inspection', 'install_assembly', 'special_handling'] as const;
export type InvoiceItemType = (typeof INVOICE_ITEM_TYPES)[number];
/** Payment terms and the automatic billing page's month/year ranges. */
export const INVOICE_DUE_DAYS = 30;
export const BILLING_YEAR_MIN = 2024;
export const BILLING_YEAR_MAX = 2030;
export const BILLING_CURRENCY = 'usd';
/**
 * The most one invoice line (its rate, or rate × quantity) may be: what numeric(10,2) holds. Lines stay far below
 * the invoice columns' numeric(12,2), so a total of many lines is checked against INVOICE_TOTAL_MAX instead.
 */
export const LINE_AMOUNT_MAX = '99999999.99';
/** The most an invoice's total may be: what its numeric(12,2) columns hold. */
export const INVOICE_TOTAL_MAX = '9999999999.99';
/** Due dates are real calendar dates in this range of years (a typo like 0000 or 20266 is refused). */
export const DUE_DATE_YEARS = { min: 2000, max: 2100 } as const;
/**
 * Why a payment event moved no money and a person must act (refund it in the processor, or look into it): paid
 * for a void, draft or already paid invoice, with another amount or currency than the intent's, or for an intent
 * this platform never created for that invoice.
 */
export const PAYMENT_ANOMALY_KINDS = ['void_invoice', 'draft_invoice', 'paid_invoice', 'amount_mismatch', 'currency_mismatch', 'unknown_intent'] as const;
export type PaymentAnomalyKind = (typeof PAYMENT_ANOMALY_KINDS)[number];
/** Month names, January first: `MONTHS[month - 1]` names a billing period's 1-based month. */
export const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;
/**
 * An invoice's kind: `supplementary` bills fees of a month recorded after that month's invoice went out (a sent
 * invoice is final), so every fee ends up on exactly one invoice.
 */
export const INVOICE_KINDS = ['standard', 'supplementary'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];
export const INVOICE_KIND_LABELS: Record<InvoiceKind, string> = { standard: 'Invoice', supplementary: 'Supplementary invoice' };
/** Invoice line types' names, for tax rates' fee types and invoice pages. */
export const INVOICE_ITEM_TYPE_LABELS: Record<InvoiceItemType, string> = {
  storage: 'Storage & Warehousing',
  handling: 'Handling',
  delivery: 'Last-Mile Delivery',
  receiving: 'White-Glove Receiving',
  inspection: 'Inspection',
  enhanced_inspection: 'Enhanced Inspection',
  install_assembly: 'Installation & Assembly',
  special_handling: 'Special Handling',
};
/** A tax rate's percent: more than 0, at most 100, up to 4 decimals (7, 5.25, 0.5). */
export const TAX_PERCENT_MAX = 100;
/**
 * What each per-item service bills and when, as the Services page says it: a selected service is billed when the
 * warehouse does it; storage is a warehouse fact, billed per day while the warehouse holds the item, selected or not.
 */
export const SERVICE_BILLING: Record<ServiceType, { basis: 'selected' | 'warehouse'; per: string; when: string }> = {
  receiving: { basis: 'selected', per: 'per item', when: 'Billed when the warehouse receives the item' },
  enhanced_inspection: { basis: 'selected', per: 'per item', when: 'Billed when the warehouse inspects the item' },
  storage: { basis: 'warehouse', per: '/day', when: 'Billed per day while the warehouse holds the item, selected or not' },
  delivery: { basis: 'selected', per: 'per delivery', when: 'Billed once per delivery day for the project' },
  install_assembly: { basis: 'selected', per: 'per item', when: 'Billed when the item is delivered' },
};
/** Services priced per day (storage): a daily rate, never added to one-off totals such as the Services page's Total Value. */
export const PER_DAY_SERVICE_TYPES: readonly ServiceType[] = SERVICE_TYPES.filter((t) => SERVICE_BILLING[t].per === '/day');

export const SERVICES_PAGE_DEFAULT = 200;
export const SERVICES_PAGE_MAX = 1000;
/** Photo uploads: one file of at most 10 MB. */
export const PHOTO_MAX_BYTES = 10_485_760;
/** The image types a photo may be (logistics reads the type from the file's first bytes). */
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
export type PhotoType = (typeof PHOTO_TYPES)[number];
/**
 * The only photo an item may carry: the path logistics serves an upload at, `/api/photos/{upload id}`. Any other
 * address (a web URL, javascript:, data:) would be shown as an <img> on the public client page and escape the
 * photo's access rule, so catalog refuses it and logistics reads the key from it.
 */
const PHOTO_PATH = new RegExp(`^/api/photos/(${UUID_PATTERN})$`, 'i');
export const photoPath = (key: string) => `/api/photos/${key}`;
/** `/api/photos/{key}` → the key (lower case); anything else → null. */
export const photoKeyOf = (photoUrl: string): string | null => PHOTO_PATH.exec(photoUrl)?.[1]?.toLowerCase() ?? null;
/** The same photo for the public client page, which has no session: served by the project's share token. */
export const sharedPhotoPath = (shareToken: string, key: string) => `/api/shared/photos/${encodeURIComponent(shareToken)}/${key}`;

/* ---------- carriers ---------- */

/** Carriers an item's tracking number can belong to (@midway/carriers holds their names and links). */
export const CARRIER_IDS = ['ups', 'fedex', 'usps', 'dhl', 'amazon', 'ontrac', 'canada-post', 'purolator'] as const;
export type CarrierId = (typeof CARRIER_IDS)[number];

/* ---------- search ---------- */

export const SEARCH_MIN_LENGTH = 3;
export const SEARCH_RESULT_TYPES = ['project', 'item', 'service'] as const;
export type SearchResultType = (typeof SEARCH_RESULT_TYPES)[number];

/* ---------- identity ---------- */

export const SYSTEM_ROLES = ['midway_admin', 'designer', 'client'] as const;
export type SystemRole = (typeof SYSTEM_ROLES)[number];
/**
 * Midway's administrator: reaches every project (as 'admin' in canOnProject) and alone runs billing. Takes a
 * service's caller (`role`) or the browser's current user (`systemRole`), so the rule is written once.
 */
export function isAdmin(who: { role: SystemRole } | { systemRole: SystemRole } | null | undefined): boolean {
  if (!who) return false;
  return ('role' in who ? who.role : who.systemRole) === 'midway_admin';
}
export const PASSWORD_MIN_LENGTH = 8;

/* ---------- runtime ---------- */

/** Where the gateway serves the runtime remote manifest (RuntimeManifest). */
export const RUNTIME_MANIFEST_PATH = '/runtime-manifest.json';
