// The USSD channel's HTTP side. POST /ussd/callback speaks the gateways' protocol (Africa's
// Talking style: a form with sessionId, serviceCode, phoneNumber and text; a plain-text answer
// starting "CON " or "END "), authenticated by USSD_GATEWAY_TOKEN. /v1/accounting/ussd is the
// signed-in user's side: their access, their PIN, and a try of the menus as themselves.
import crypto from 'node:crypto';
import { Hono, type Context } from 'hono';
import { mobile9 } from '../../domain/phone';
import { ussdPinSchema, ussdTrySchema, type UssdReply } from '../../domain/ussd';
import { requireAuth } from '../auth/middleware';
import type { AppEnv, Deps } from '../context';
import { appError } from '../http/app-error';
import { bodyLimit, KB, openBody } from '../http/body';
import { jsonBodyLimit, parseJson } from '../http/validate';
import { translate } from '../i18n';
import { answerUssd } from './menu';
import { setUssdPin, ussdAccess } from './service';

const SESSION_PATTERN = /^[\x21-\x7e]{1,100}$/;
const notUnderstood = /*i18n*/ { id: 'Request not understood.' };

function digest(text: string): Buffer {
  return crypto.createHash('sha256').update(text).digest();
}

/** The gateway's token: in the callback URL's query (?token=) or as a Bearer header. */
function gatewayAllowed(c: Context, expected: string): boolean {
  const bearer = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '')?.[1];
  const given = bearer ?? c.req.query('token');
  return given !== undefined && crypto.timingSafeEqual(digest(given), digest(expected));
}

const screen = (reply: UssdReply) => `${reply.end ? 'END' : 'CON'} ${reply.text}`;

export function ussdGatewayRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();

  app.post('/callback', bodyLimit(4 * KB), async (c) => {
    const expected = deps.config.ussdGatewayToken;
    // Without a configured gateway there is no channel to reach.
    if (!expected) throw appError(404, 'not_found');
    if (!gatewayAllowed(c, expected)) throw appError(401, 'unauthorized');
    await openBody(c);
    const type = c.req.header('content-type') ?? '';
    const form = new URLSearchParams(
      type.toLowerCase().startsWith('application/x-www-form-urlencoded') ? await c.req.text() : '',
    );
    const sessionId = form.get('sessionId') ?? '';
    const phoneNumber = form.get('phoneNumber') ?? '';
    const text = form.get('text') ?? '';
    const both = `${translate('sw', notUnderstood)}\n${translate('en', notUnderstood)}`;
    if (!SESSION_PATTERN.test(sessionId) || !phoneNumber || text.length > 500) {
      return c.text(`END ${both}`, 400);
    }
    // A number that is not a Tanzanian mobile matches nobody; it is only counted, by its hash.
    const phone9 = mobile9(phoneNumber) ?? digest(phoneNumber).toString('hex');
    const reply = await answerUssd(deps, {
      sessionId,
      caller: { kind: 'phone', phone9 },
      text,
    });
    return c.text(screen(reply));
  });

  return app;
}

export function ussdAccountRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.use('*', jsonBodyLimit(4 * KB), requireAuth(deps));

  app.get('/', async (c) => c.json(await ussdAccess(deps, c.get('user').id)));

  app.put('/pin', async (c) => {
    const input = await parseJson(c, ussdPinSchema);
    return c.json(await setUssdPin(deps, c.get('user').id, input));
  });

  /** The menus as the signed-in user's own phone would see them, with no gateway needed. */
  app.post('/try', async (c) => {
    const user = c.get('user');
    const input = await parseJson(c, ussdTrySchema);
    const reply = await answerUssd(deps, {
      sessionId: `try-${user.id}-${input.sessionId}`,
      caller: { kind: 'user', userId: user.id },
      text: input.text,
      locale: user.language,
    });
    return c.json({ ...reply, screen: screen(reply) });
  });

  return app;
}
