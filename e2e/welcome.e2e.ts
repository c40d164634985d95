import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeIn, tokenIn } from '../apps/server/test/mailbox';
import { snap, startStack, type Stack } from './harness';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack?.stop());

const EMAIL = 'installer@example.com';
const PASSWORD = 'Install3r!pass';

describe('a new user, in the browser', () => {
  it('is sent to the welcome page when opening a guarded URL without a token', async () => {
    const { page, context } = await stack.newPage();
    await page.goto('/projects/list');
    await page.waitForURL(/\/welcome(\/login)?$/);
    await page.getByRole('heading', { name: 'Connexion' }).waitFor();
    // A forged token is refused too.
    await page.evaluate(() => sessionStorage.setItem('token', 'not-a-jwt'));
    await page.goto('/projects/list');
    await page.waitForURL(/\/welcome/);
    await page.getByRole('heading', { name: 'Connexion' }).waitFor();
    await context.close();
  });

  it('registers, verifies the e-mail, signs in with the one-time code, switches language and signs out', async () => {
    const { page, context } = await stack.newPage();
    await page.goto('/welcome/register');
    // The cookie banner (French) is accepted once and remembered.
    await page.getByRole('button', { name: "J'accepte" }).click();

    await page.getByLabel('Adresse e-mail').fill(' Installer@Example.com');
    await page.getByLabel('Mot de passe', { exact: true }).fill('weak');
    await page.getByLabel('Confirmation du mot de passe').fill('weak');
    await page.getByRole('button', { name: 'Créer mon compte' }).click();
    // Weak password: no request, rule shown.
    await page.getByText('Le mot de passe ne respecte pas les critères.').waitFor();
    expect(stack.mailbox.countTo(EMAIL)).toBe(0);

    await page.getByLabel('Mot de passe', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirmation du mot de passe').fill(PASSWORD);
    await page.getByRole('button', { name: 'Créer mon compte' }).click();
    await page.getByText('Compte créé. Un e-mail de confirmation vous a été envoyé.').waitFor();

    // Follow the link received by mail.
    const verify = tokenIn(await stack.mailbox.waitFor(EMAIL), 'verifyEmail');
    await page.goto(`/welcome/verifyEmail/${verify}`);
    await page.getByText('Votre adresse e-mail est vérifiée.').first().waitFor();

    // Sign in: the server asks for a one-time code from this new browser.
    await page.goto('/welcome/login');
    await page.getByLabel('Adresse e-mail').fill(EMAIL);
    await page.getByLabel('Mot de passe', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.getByRole('heading', { name: 'Code de vérification' }).waitFor();
    await snap(page, 'welcome-otp-desktop');

    await page.getByLabel('Code à 6 chiffres').fill('12');
    await page.getByRole('button', { name: 'Valider' }).click();
    await page.getByText('Le code doit comporter exactement 6 chiffres valides.').first().waitFor();

    const code = codeIn(await stack.mailbox.waitFor(EMAIL, 2));
    await page.getByLabel('Code à 6 chiffres').fill(code);
    await page.getByRole('button', { name: 'Valider' }).click();
    await page.waitForURL(/\/home$/);
    await page.getByRole('heading', { name: 'Accueil', level: 1 }).waitFor();
    // A newcomer without a project is told what to do first.
    await page.getByText('Bienvenue sur Atrium Cloud').waitFor();
    await page
      .getByRole('button', { name: 'OK' })
      .click({ timeout: 1000 })
      .catch(() => undefined);
    await page.waitForTimeout(400); // the snackbar slides out
    expect(await page.evaluate(() => sessionStorage.getItem('token'))).toMatch(/^ey/);
    await snap(page, 'shell-desktop-fr');

    // English is one click away, and remembered.
    await page.getByRole('button', { name: 'Langue' }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.getByRole('heading', { name: 'Home', level: 1 }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('en');
    await page.reload();
    await page.getByRole('heading', { name: 'Home', level: 1 }).waitFor();
    expect(await page.getByRole('button', { name: 'I accept' }).count()).toBe(0);

    // Sign out.
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('menuitem', { name: 'Disconnect' }).click();
    await page.waitForURL(/\/welcome/);
    expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
    await page.goto('/projects/list');
    await page.waitForURL(/\/welcome/);

    // Same browser again: it is known now, so no code is asked.
    await page.getByLabel('E-mail address').fill(EMAIL);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/home$/);
    await context.close();
  });

  it('shows the shell at phone width', async () => {
    const { page, context } = await stack.newPage({ width: 390, height: 844 });
    await page.goto('/welcome/login');
    await page.getByLabel('Adresse e-mail').fill('nobody@example.com');
    await page.getByLabel('Mot de passe', { exact: true }).fill('Whatever1!');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.getByText('Identifiants invalides.').first().waitFor();
    await page.waitForTimeout(700); // let the snackbar finish sliding in
    await snap(page, 'welcome-invalid-phone');
    await context.close();
  });
});
