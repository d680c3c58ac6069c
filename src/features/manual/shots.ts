// The screenshots of the user manual: their names and sizes (a 360 px wide phone at twice the
// density). scripts/manual-screenshots.ts makes them; the page reserves their space.
export const MANUAL_SHOTS = {
  login: { width: 720, height: 1280 },
  'change-password': { width: 720, height: 1280 },
  dashboard: { width: 720, height: 1280 },
  products: { width: 720, height: 1280 },
  customers: { width: 720, height: 1280 },
  'new-invoice': { width: 720, height: 1280 },
  'invoice-issued': { width: 720, height: 1280 },
  welcome: { width: 720, height: 1280 },
  operators: { width: 720, height: 1280 },
  companies: { width: 720, height: 1280 },
} as const;

export type ManualShot = keyof typeof MANUAL_SHOTS;
