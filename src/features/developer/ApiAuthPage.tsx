// /developer/documentation/api/auth: how an outside system signs in to the public API, keeps
// its tokens fresh and reads the API's errors. Every example is run by tests/server/api-docs.test.ts.
import { List } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { AnchorLink } from '../../app/links';
import { DocPage, P, Section } from './DocPage';
import { Code } from './InlineCode';
import { ErrorTable } from './ErrorTable';
import { ExampleBlock } from './ExampleBlock';
import { AUTH_ERRORS, authExamples } from './examples';

/** The access token's life, as the expired-token example proves it. */
const TOKEN_MINUTES = Math.floor(authExamples.expired.laterSeconds / 60);
/** Failed sign-ins before the block, as the rate-limit example proves it. */
const FREE_FAILURES = authExamples.rateLimited.repeat - 1;

export function ApiAuthPage() {
  const { t } = useLingui();
  const minutes = TOKEN_MINUTES;
  const failures = FREE_FAILURES;
  const contents: [string, string][] = [
    ['start', t`Before you start`],
    ['sign-in', t`Signing in`],
    ['first-password', t`A new person's first password`],
    ['token', t`The access token`],
    ['refresh', t`Refreshing the tokens`],
    ['sign-out', t`Signing out`],
    ['limits', t`Rate limits`],
    ['errors', t`Errors and language`],
    ['cors', t`Calls from a web page (CORS)`],
  ];
  return (
    <DocPage
      title={t`API documentation: signing in`}
      lede={
        <Trans>
          How your own systems sign in to Risiti's public API and keep their access. The invoice
          calls are described on the page{' '}
          <AnchorLink to="/developer/documentation/api/invoice">
            API documentation: invoices
          </AnchorLink>
          .
        </Trans>
      }
      contents={contents}
    >
      <Section id="start" title={<Trans>Before you start</Trans>}>
        <P>
          <Trans>
            The API speaks JSON over HTTPS at the address of this server. A system signs in with the
            username and password of a person of your company and then acts as that person: it can
            do what that person can do in the app, for that person's company. Create an operator for
            each system, so you can stop one without stopping the others.
          </Trans>
        </P>
        <P>
          <Trans>
            Send the body as JSON with the header <Code>Content-Type: application/json</Code>. Every
            answer is JSON, except an empty 204 answer.
          </Trans>
        </P>
      </Section>

      <Section id="sign-in" title={<Trans>Signing in</Trans>}>
        <P>
          <Trans>
            <Code>POST /api/v2/login</Code> with <Code>username</Code> and <Code>password</Code>{' '}
            answers an access token (<Code>token</Code>), a refresh token (
            <Code>refresh_token</Code>) and the signed-in person (<Code>user</Code>), with their
            role and company.
          </Trans>
        </P>
        <ExampleBlock example={authExamples.login} title={<Trans>Signing in</Trans>} />
        <P>
          <Trans>
            A wrong username or password answers 401 with the code <Code>invalid_credentials</Code>.
            This request asks for Swahili with <Code>Accept-Language: sw</Code>, so the message is
            in Swahili.
          </Trans>
        </P>
        <ExampleBlock
          example={authExamples.loginRefused}
          title={<Trans>A wrong password, in Swahili</Trans>}
        />
        <P>
          <Trans>
            A missing field answers 422 with <Code>fields</Code>: each field's own message.
          </Trans>
        </P>
        <ExampleBlock example={authExamples.loginInvalid} title={<Trans>Empty fields</Trans>} />
      </Section>

      <Section id="first-password" title={<Trans>A new person's first password</Trans>}>
        <P>
          <Trans>
            A person you create in the app for a system signs in first with the password they were
            given, and the answer says <Code>changePassword: true</Code>. Until they choose their
            own password, every other call answers 403 with the code{' '}
            <Code>password_change_required</Code>.
          </Trans>
        </P>
        <ExampleBlock
          example={authExamples.firstLogin}
          title={<Trans>The first sign-in of a new person</Trans>}
        />
        <ExampleBlock
          example={authExamples.firstRefused}
          title={<Trans>Any other call before the password is chosen</Trans>}
        />
        <P>
          <Trans>
            <Code>POST /api/v2/user/first-password</Code> with <Code>newPassword</Code> and{' '}
            <Code>confirmPassword</Code>, sent with the first access token, sets the password: 6 to
            20 characters with a capital letter, a small letter, a digit and another sign. It
            answers new tokens and the person; the tokens of the first sign-in stop working.
          </Trans>
        </P>
        <ExampleBlock
          example={authExamples.firstPassword}
          title={<Trans>Choosing the password</Trans>}
        />
        <ExampleBlock
          example={authExamples.firstDone}
          title={<Trans>With the new access token</Trans>}
        />
        <ExampleBlock
          example={authExamples.firstOldToken}
          title={<Trans>With the first access token</Trans>}
        />
      </Section>

      <Section id="token" title={<Trans>The access token</Trans>}>
        <P>
          <Trans>
            Send the access token with every other call, in the header{' '}
            <Code>Authorization: Bearer</Code> followed by the token. It is valid for {minutes}{' '}
            minutes. Its lifetime is also written inside it (the <Code>exp</Code> claim of the JWT),
            so your system can refresh it when less than a minute is left.
          </Trans>
        </P>
        <ExampleBlock
          example={authExamples.me}
          title={<Trans>Reading the signed-in person</Trans>}
        />
        <ExampleBlock
          example={authExamples.noToken}
          title={<Trans>A call without a token</Trans>}
        />
        <ExampleBlock
          example={authExamples.expired}
          title={<Trans>The same call {minutes} minutes later</Trans>}
        />
        <P>
          <Trans>
            On <Code>token_expired</Code>, refresh the tokens once and send the call again. Other
            401 answers mean the session has ended: sign in again.
          </Trans>
        </P>
      </Section>

      <Section id="refresh" title={<Trans>Refreshing the tokens</Trans>}>
        <P>
          <Trans>
            <Code>POST /api/v2/user/token/refresh</Code> with the <Code>refresh_token</Code> answers
            a new access token and a new refresh token. Keep both: the refresh token you sent stops
            working at once (rotation). A refresh token not used for 30 days expires.
          </Trans>
        </P>
        <ExampleBlock example={authExamples.refresh} title={<Trans>Refreshing</Trans>} />
        <P>
          <Trans>
            Sending a refresh token that was already used is taken as a stolen token: it is refused,
            and every token of that sign-in stops working, the new ones too. Refresh once at a time,
            and store the new tokens before you use them.
          </Trans>
        </P>
        <ExampleBlock
          example={authExamples.refreshReused}
          title={<Trans>The old refresh token again</Trans>}
        />
        <ExampleBlock
          example={authExamples.refreshAfterReuse}
          title={<Trans>The new refresh token after that</Trans>}
        />
      </Section>

      <Section id="sign-out" title={<Trans>Signing out</Trans>}>
        <P>
          <Trans>
            <Code>POST /api/v2/logout</Code> with the <Code>refresh_token</Code> ends the sign-in
            and answers 204. Its access token stops working at once.
          </Trans>
        </P>
        <ExampleBlock example={authExamples.logout} title={<Trans>Signing out</Trans>} />
        <ExampleBlock
          example={authExamples.afterLogout}
          title={<Trans>The access token after signing out</Trans>}
        />
      </Section>

      <Section id="limits" title={<Trans>Rate limits</Trans>}>
        <List spacing={4}>
          <List.Item>
            <Trans>
              Signing in: after {failures} failed attempts for one account from one address, that
              account is blocked from that address for 1 minute, then 2, 4, 8 and at most 15
              minutes. A successful sign-in clears the count.
            </Trans>
          </List.Item>
          <List.Item>
            <Trans>Signing in: at most 50 failed attempts from one address in 15 minutes.</Trans>
          </List.Item>
          <List.Item>
            <Trans>
              Emailing invoices: 30 emails an hour for one person and 5 an hour to one address.
            </Trans>
          </List.Item>
        </List>
        <P>
          <Trans>
            Past a limit the answer is 429 with the code <Code>rate_limited</Code> and the header{' '}
            <Code>Retry-After</Code>: the seconds to wait before trying again.
          </Trans>
        </P>
        <ExampleBlock
          example={authExamples.rateLimited}
          title={<Trans>A wrong password sent {failures} times, then once more</Trans>}
        />
      </Section>

      <Section id="errors" title={<Trans>Errors and language</Trans>}>
        <P>
          <Trans>
            Every error is JSON with a <Code>code</Code> for your program, a <Code>message</Code>{' '}
            for people, and for wrong input <Code>fields</Code>: each field's message, keyed by its
            path (<Code>items.0.quantity</Code> is the quantity of the first line). Decide on the
            code, not on the message.
          </Trans>
        </P>
        <P>
          <Trans>
            Messages are in English or Swahili. Before signing in, the header{' '}
            <Code>Accept-Language</Code> chooses (<Code>sw</Code> or <Code>en</Code>); once signed
            in, the language of the account applies, which the person chooses in the app.
          </Trans>
        </P>
        <ErrorTable errors={AUTH_ERRORS} />
      </Section>

      <Section id="cors" title={<Trans>Calls from a web page (CORS)</Trans>}>
        <P>
          <Trans>
            The API under <Code>/api/v2/</Code> and <Code>/v1/accounting/</Code> answers web pages
            of any origin. It uses no cookies, so send no credentials: the bearer token is the only
            proof. The browser may send the headers <Code>Authorization</Code>,{' '}
            <Code>Content-Type</Code>, <Code>Accept-Language</Code>, <Code>Idempotency-Key</Code>,{' '}
            <Code>If-Match</Code>, <Code>X-Device-Id</Code> and <Code>X-File-Name</Code>, and may
            read <Code>Retry-After</Code>, <Code>Idempotent-Replayed</Code>, <Code>ETag</Code> and{' '}
            <Code>Content-Disposition</Code>. The browser keeps the answer to its preflight for two
            hours.
          </Trans>
        </P>
        <ExampleBlock example={authExamples.preflight} title={<Trans>A preflight</Trans>} />
        <P>
          <Trans>
            Anyone who uses a web page can read the tokens in it. Where you can, keep the password
            and the tokens on your own server and call Risiti from there.
          </Trans>
        </P>
      </Section>
    </DocPage>
  );
}
