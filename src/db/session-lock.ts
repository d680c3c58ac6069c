/**
 * Name of the lock (Web Locks API) held by whoever refreshes the session's tokens, page or
 * service worker: a rotated refresh token presented twice revokes the whole session.
 */
export const TOKEN_REFRESH_LOCK = 'risiti-token-refresh';
