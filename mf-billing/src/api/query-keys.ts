/**
 * React Query keys in the platform's convention (the parts joined with '/' are the GET URL), so a change here
 * can refresh the other remotes' data (projects' costs and totals) by the same keys.
 */
export const queryKeys = {
  invoices: ['/api/invoices'] as const,
  invoice: (id: string) => ['/api/invoices', id] as const,
  /** Under `invoices`, so what refreshes the list refreshes every filtered list and the summary too. */
  invoicePagesAll: ['/api/invoices', 'pages'] as const,
  invoicePages: (filters: object) => ['/api/invoices', 'pages', filters] as const,
  invoicesSummary: ['/api/invoices', 'summary'] as const,
  rates: ['/api/billing/rates'] as const,
  paymentAnomalies: ['/api/billing/anomalies'] as const,
  unbilled: ['/api/billing/unbilled'] as const,
  taxRates: ['/api/billing/tax-rates'] as const,
  projects: ['/api/projects'] as const,
  dashboardStats: ['/api/dashboard/stats'] as const,
};
