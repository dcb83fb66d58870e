import { z } from 'zod';

/** The largest PDF an upload may be (10 MiB): exactly this many bytes is read, one more is a 413. */
export const PURCHASE_ORDER_MAX_BYTES = 10_485_760;

/** The 422 of a PDF with no text layer (a scan), word for word. */
export const PURCHASE_ORDER_NO_TEXT =
  "This PDF has no text to read (it looks scanned). Export it from the vendor's system as a PDF with text, or use CSV.";

const amount = z.string().regex(/^-?\d+\.\d{2}$/);

/** One line as the vendor printed it; money as decimal strings with 2 places. */
export const purchaseOrderLineSchema = z.object({
  lineRef: z.string(),
  name: z.string(),
  sku: z.string().nullable(),
  quantity: z.number(),
  unitPrice: amount,
  lineTotal: amount,
  finish: z.string().optional(),
  notes: z.string().optional(),
  /** The catalog item made from this line by the import; null before it. */
  itemId: z.string().uuid().nullable().optional(),
});
export type PurchaseOrderLine = z.infer<typeof purchaseOrderLineSchema>;

/** A tracking number printed on an acknowledgement or packing list, with the lines it ships. */
export const purchaseOrderShipmentSchema = z.object({
  id: z.string().uuid(),
  trackingNumber: z.string(),
  carrier: z.string().nullable(),
  trackingUrl: z.string().nullable(),
  status: z.string(),
  lineRefs: z.array(z.string()),
});

/** POST /api/projects/{id}/purchase-orders (201) and GET /api/purchase-orders/{id}. */
export const purchaseOrderSchema = z.object({
  id: z.string().uuid(),
  projectId: z.string().uuid(),
  status: z.string(),
  vendor: z.string().nullable(),
  number: z.string().nullable(),
  issueDate: z.string().nullable(),
  currencyCode: z.string(),
  lines: z.array(purchaseOrderLineSchema),
  subtotalAmount: amount,
  taxAmount: amount,
  shippingAmount: amount,
  totalAmount: amount,
  /** What was assumed ('Prices are in CAD', lines not adding up to the printed subtotal); [] when nothing. */
  warnings: z.array(z.string()),
  /**
   * Its own tracking numbers, and those a later document of the same order (an acknowledgement, a packing list)
   * printed for its lines.
   */
  shipments: z.array(purchaseOrderShipmentSchema),
  /**
   * For an acknowledgement or packing list of an order uploaded earlier, or one whose order was uploaded after it: that
   * purchase order (same PO number, and vendor when both name one), whose lines its shipments were linked to and whose
   * items without a tracking number get it (at once when imported, else when it is imported). Its lines that match none
   * of the order's are named in `warnings`. Null otherwise.
   */
  linkedPurchaseOrderId: z.string().uuid().nullable(),
  /** Whether that purchase order is imported already (its items have the tracking numbers), or waits for its import. */
  linkedPurchaseOrderImported: z.boolean(),
  /** The original PDF, served to the project's owner, members and admins. */
  fileUrl: z.string(),
  importedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type PurchaseOrder = z.infer<typeof purchaseOrderSchema>;

/** GET /api/projects/{id}/purchase-orders: the project's purchase orders, newest first, without their lines. */
export const purchaseOrderSummarySchema = purchaseOrderSchema.omit({ lines: true, shipments: true, linkedPurchaseOrderId: true, linkedPurchaseOrderImported: true }).extend({ lineCount: z.number().int() });
export type PurchaseOrderSummary = z.infer<typeof purchaseOrderSummarySchema>;

/**
 * POST /api/purchase-orders/{id}/import: the bulk import's answer. Importing an order imported already imports nothing:
 * no items, `alreadyImportedAt` the first import's time and `message` the words the screen shows ('Already imported on
 * Nov 2, 2026: …').
 */
export const purchaseOrderImportSchema = z.object({
  items: z.array(z.object({ id: z.string() }).loose()),
  errors: z.number().int(),
  errorDetails: z.array(z.object({ row: z.number().int() }).loose()),
  alreadyImportedAt: z.string().nullable(),
  message: z.string().optional(),
});
export type PurchaseOrderImport = z.infer<typeof purchaseOrderImportSchema>;

export const purchaseOrderFileUrl = (id: string) => `/api/purchase-orders/${id}/file`;
