// The mail that brings a new person in: their username and a one-time password, which the app
// makes them replace at the first sign-in. Sent after the account is committed; a failed mail
// leaves the account waiting for "send the invitation again", which makes a new password.
import type { Locale, Message } from '../../domain/i18n';
import type { Deps } from '../context';
import { translate } from '../i18n';

export const invitationText = {
  subject: /*i18n*/ { id: 'Your Risiti account for {company}' },
  body: /*i18n*/ {
    id: 'Hello {name},\n\nAn account has been made for you on Risiti, to work for {company}.\n\nSign in at {link}\nUsername: {username}\nOne-time password: {password}\n\nThe one-time password works once: at your first sign-in you choose your own password. Keep it to yourself.',
  },
} satisfies Record<string, Message>;

export interface Invitation {
  to: string;
  name: string;
  username: string;
  password: string;
  company: string;
  language: Locale;
  baseUrl: string;
}

/** True when the mail server took the invitation. */
export async function sendInvitation(deps: Deps, invitation: Invitation): Promise<boolean> {
  const values = {
    name: invitation.name,
    company: invitation.company,
    username: invitation.username,
    password: invitation.password,
    link: `${invitation.baseUrl}/login`,
  };
  try {
    await deps.mailer.send({
      to: invitation.to,
      subject: translate(invitation.language, invitationText.subject, values),
      text: translate(invitation.language, invitationText.body, values),
    });
    return true;
  } catch (error) {
    deps.log.error('Invitation not mailed', {
      username: invitation.username,
      error: String(error),
    });
    return false;
  }
}
