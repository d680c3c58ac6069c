// Request bodies are read only once the caller is known to be allowed, and never past the
// route's limit. Every route plans its limit (bodyLimit), and whoever reads the body first opens
// it (openBody) after the authentication, role and company checks: a declared Content-Length
// over the limit is refused at once, a chunked body is read only up to the limit. A body read
// before it was opened fails the request with a 500 that tests catch, so a new route that reads
// before it checks cannot pass unnoticed.
import type { Context, MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import { appError, type AppError } from './app-error';

/** What a route answers when its body is too large: by default the generic 413. */
export type TooLarge = () => AppError;

interface BodyState {
  limit?: number;
  tooLarge?: TooLarge;
  /** openBody is reading it now. */
  opening: boolean;
  opened: boolean;
  /** The body was read before it was opened: a programming error. */
  readTooEarly: boolean;
}

const states = new WeakMap<object, BodyState>();

export const KB = 1024;
export const MB = 1024 * 1024;

export class BodyReadTooEarlyError extends Error {
  constructor() {
    super('The request body was read before the route opened it');
    this.name = 'BodyReadTooEarlyError';
  }
}

const payloadTooLarge: TooLarge = () => appError(413, 'payload_too_large');

function stateOf(c: Context): BodyState {
  let state = states.get(c.req);
  if (!state) {
    state = { opening: false, opened: false, readTooEarly: false };
    states.set(c.req, state);
  }
  return state;
}

/**
 * First middleware of the app: puts a gate in front of the request's body stream. Reading it
 * before openBody errors the read and, whatever the route does with that error, the answer
 * becomes a 500 logged as a programming error.
 */
export function guardBodies(onViolation: (path: string) => void): MiddlewareHandler {
  return async (c, next) => {
    const state = stateOf(c);
    const raw = c.req.raw;
    const source = raw.body;
    if (source) {
      let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
      const gated = new ReadableStream<Uint8Array>(
        {
          async pull(controller) {
            if (!state.opening) {
              state.readTooEarly = true;
              controller.error(new BodyReadTooEarlyError());
              return;
            }
            reader ??= source.getReader();
            const { done, value } = await reader.read();
            if (done) controller.close();
            else controller.enqueue(value);
          },
          async cancel(reason) {
            await (reader ? reader.cancel(reason) : source.cancel(reason)).catch(() => undefined);
          },
        },
        { highWaterMark: 0 },
      );
      c.req.raw = new Request(raw, { body: gated, duplex: 'half' } as RequestInit);
    }
    await next();
    if (state.readTooEarly) {
      onViolation(c.req.path);
      throw new BodyReadTooEarlyError();
    }
  };
}

/** Plans the route's body limit; reads nothing. Put it anywhere in the route's chain. */
export function bodyLimit(limit: number, tooLarge: TooLarge = payloadTooLarge): MiddlewareHandler {
  return async (c, next) => {
    const state = stateOf(c);
    state.limit = limit;
    state.tooLarge = tooLarge;
    await next();
  };
}

/**
 * Reads the body up to the planned (or given) limit, after the caller's checks. A declared
 * length over the limit is refused before anything is read; a chunked body is read until it
 * passes the limit. The body is then kept for the route's own reading.
 */
export async function openBody(c: Context, limit?: number, tooLarge?: TooLarge): Promise<void> {
  const state = stateOf(c);
  if (state.opened) return;
  const max = limit ?? state.limit;
  const refuse = tooLarge ?? state.tooLarge ?? payloadTooLarge;
  if (max === undefined) {
    state.readTooEarly = true;
    throw new BodyReadTooEarlyError();
  }
  const declared = c.req.header('content-length');
  if (declared !== undefined && !/^\d+$/.test(declared.trim())) throw appError(400, 'bad_request');
  if (declared !== undefined && Number(declared) > max) throw refuse();
  const body = c.req.raw.body;
  state.limit = max;
  if (!body) {
    state.opened = true;
    return;
  }
  state.opening = true;
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    let next: ReadableStreamReadResult<Uint8Array>;
    try {
      next = await reader.read();
    } catch (error) {
      if (error instanceof BodyReadTooEarlyError) throw error;
      throw appError(400, 'bad_request');
    }
    if (next.done) break;
    size += next.value.byteLength;
    if (size > max) {
      state.opening = false;
      await reader.cancel().catch(() => undefined);
      throw refuse();
    }
    chunks.push(next.value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  state.opening = false;
  state.opened = true;
  c.req.raw = new Request(c.req.raw, { body: bytes });
}

/** openBody as a middleware, for chains whose role checks are middlewares too. */
export function acceptBody(limit?: number, tooLarge?: TooLarge): MiddlewareHandler {
  return createMiddleware(async (c, next) => {
    if (!['GET', 'HEAD', 'OPTIONS'].includes(c.req.method)) await openBody(c, limit, tooLarge);
    await next();
  });
}

/** Whether something read the request's body before the route opened it. */
export function bodyWasReadTooEarly(c: Context): boolean {
  return stateOf(c).readTooEarly;
}
