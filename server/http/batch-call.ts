// A call the server makes to itself for one entry of a sync batch (server/sync/batch.ts). The
// batch checked its caller once before it read anything; its entries carry that user instead of
// loading it again, and leave the idempotency table's cleanup to the end of the batch. Only
// in-process code can set this: it travels in the app's env, which no request can write.
import type { Context } from 'hono';
import type { AuthUser } from '../context';

const BATCH_CALL = Symbol('risiti.batchCall');

export interface BatchCall {
  user: AuthUser;
}

export function batchCallEnv(call: BatchCall): object {
  return { [BATCH_CALL]: call };
}

export function batchCallOf(c: Context): BatchCall | undefined {
  const env = c.env as Record<symbol, unknown> | undefined;
  return env && typeof env === 'object' ? (env[BATCH_CALL] as BatchCall | undefined) : undefined;
}
