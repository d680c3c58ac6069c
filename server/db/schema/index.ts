export * from './core';
export * from './sync';
export * from './customers';
export * from './products';
export * from './contact';
