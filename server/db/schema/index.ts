export * from './core';
export * from './vfd';
export * from './tra-sim';
export * from './sync';
export * from './customers';
export * from './products';
export * from './contact';
export * from './invoices';
