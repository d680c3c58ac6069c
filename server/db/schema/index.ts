export * from './core';
export * from './vfd';
export * from './tra-sim';
