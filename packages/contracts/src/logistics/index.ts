/** The logistics service's HTTP contracts. */
export * from './services';
export * from './carriers';
export * from './photos';
export * from './receiving';
export * from './deliveries';
export * from './purchase-orders';
export * from './custody';
