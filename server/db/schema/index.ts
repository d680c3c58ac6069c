export * from './core';
export * from './contact';
