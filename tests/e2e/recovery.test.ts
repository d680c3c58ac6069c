// Password recovery by one-time code, the code read from the mail the server saved.
import { describe, expect, it } from 'vitest';
import { newContext } from './helpers/browser';
import { latestMailTo } from './helpers/mail';
import { serverAndBrowser } from './helpers/suite';
import { newPassword } from './helpers/session';

const suite = serverAndBrowser();

describe('password recovery', () => {
  it('sets a new password with the code sent by email', async () => {
    const context = await newContext(suite.browser, suite.server.url);
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.waitForURL('**/recover-password');
    await page.getByLabel(/^Email/).fill('neema@duka-demo.co.tz');
    await page.getByRole('button', { name: 'Send the code' }).click();
    await page.waitForURL('**/otp-reset-password?verification=*');

    const mail = await latestMailTo(suite.server.dataDir, 'neema@duka-demo.co.tz');
    expect(mail.subject).toBe('Your Risiti password recovery code');
    const code = /\b(\d{6})\b/.exec(mail.text ?? '')![1]!;
    const wrong = code === '000000' ? '111111' : '000000';

    // One digit per box, as a person types them; each box is checked before the code is sent.
    const boxes = page.getByRole('textbox', { name: '6-digit code' });
    const enter = async (digits: string) => {
      for (const [i, digit] of [...digits].entries()) await boxes.nth(i).fill(digit);
      await expect
        .poll(() =>
          boxes.evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value).join('')),
        )
        .toBe(digits);
      await page.getByRole('button', { name: 'Check the code' }).click();
    };
    await enter(wrong);
    await page.getByText('Incorrect OTP. Please check the code and try again.').first().waitFor();
    await enter(code);
    await page.waitForURL('**/reset-password?verification=*');

    const password = newPassword();
    await page.getByLabel(/^New password/).fill(password);
    await page.getByLabel(/^Confirm the new password/).fill(password);
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await page
      .getByText('Your password has been changed. Log in with your new password.')
      .waitFor();

    await page.getByLabel(/^Username/).fill('operator2');
    await page.getByLabel(/^Password/).fill(password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL('**/dashboard');
    expect(await page.getByTestId('company-name').textContent()).toBe('Duka Demo Ltd');
    await context.close();
  });
});
