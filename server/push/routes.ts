// /v1/accounting/push: a signed-in user's browsers that asked for notifications.
//   GET    /key            the server's VAPID public key, which the browser subscribes with
//   PUT    /subscription   { endpoint, keys: { p256dh, auth } } as the browser gives it
//   DELETE /subscription   { endpoint }: this browser no longer notifies
import { Hono } from 'hono';
import { pushEndpointSchema, pushSubscriptionSchema } from '../../domain/push';
import { requireAuth } from '../auth/middleware';
import type { AppEnv, Deps } from '../context';
import { bodyLimit, KB } from '../http/body';
import { parseWith, readJson } from '../http/validate';
import { deleteSubscription, saveSubscription } from './service';

export function pushRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.use('*', bodyLimit(4 * KB));
  app.use('*', requireAuth(deps));

  app.get('/key', (c) => c.json({ publicKey: deps.secrets.vapid.publicKey }));

  app.put('/subscription', async (c) => {
    const subscription = parseWith(pushSubscriptionSchema, await readJson(c));
    const { created } = await saveSubscription(deps, c.get('user').id, subscription);
    return c.json({ subscribed: true }, created ? 201 : 200);
  });

  app.delete('/subscription', async (c) => {
    const { endpoint } = parseWith(pushEndpointSchema, await readJson(c));
    await deleteSubscription(deps, c.get('user').id, endpoint);
    return c.body(null, 204);
  });

  return app;
}
