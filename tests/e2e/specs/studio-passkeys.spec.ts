/**
 * Passkeys in the staff area, in real Chromium with its virtual authenticator (the DevTools
 * protocol's `WebAuthn.addVirtualAuthenticator`, a device with a screen lock that holds
 * passkeys): a staff member adds one from their account page, signs out and signs in with it
 * alone at a phone's width, no password typed. (Answers signed for another site, replayed or
 * forged are refused: crates/server/tests/it/staff_area/passkeys.rs, with a software
 * authenticator.)
 *
 * Passkeys need a domain name, so this server's public URL is `http://localhost:PORT` (browsers
 * refuse passkeys on an IP address).
 */
import { expect } from '../support/fixtures';
import { checkPage, signedInOwner, withStudioServer } from '../support/studio';

/** A studio server of the test's own, named by `localhost`. */
const test = withStudioServer({}, (baseURL) => baseURL.replace('127.0.0.1', 'localhost'));

test('a passkey added on the account page signs in alone at 390 px', async ({ page, studio }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const devtools = await page.context().newCDPSession(page);
  await devtools.send('WebAuthn.enable');
  await devtools.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  const account = await signedInOwner(page, studio);

  await page.goto('/studio/account');
  await page.getByLabel('Your password, to confirm').fill(account.password);
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(page.getByRole('status')).toContainText('Your passkey is added');
  await expect(page.getByRole('list', { name: 'Your passkeys' }).locator('li')).toHaveCount(1);
  await checkPage(page, 'account-passkeys');

  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Sign in with a passkey' })).toBeVisible();
  await checkPage(page, 'sign-in-passkey');
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page).toHaveURL(/\/studio\/enquiries$/);
  await page.goto('/studio/audit');
  await expect(page.locator('main')).toContainText('sign-in-passkey');
});

