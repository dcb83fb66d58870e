/** The billing service's HTTP contracts. */
export * from './invoices';
export * from './rates';
export * from './payments';
export * from './taxes';
export * from './pay-link';
