import type { Mail } from '../mail/mailer';

/** Mails are bilingual (French first, the default language; English below). */
interface Template {
  subject: string;
  fr: string;
  en: string;
  action?: { fr: string; en: string };
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function render(to: string, t: Template, link?: string, code?: string): Mail {
  const textParts = [t.fr, code ?? '', link ?? '', '', '---', '', t.en, code ?? '', link ?? ''];
  const block = (body: string, action?: string) =>
    `<p>${escapeHtml(body)}</p>` +
    (code ? `<p style="font-size:24px;letter-spacing:6px"><b>${code}</b></p>` : '') +
    (link && action ? `<p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p>` : '');
  const html =
    `<div style="font-family:sans-serif">${block(t.fr, t.action?.fr)}<hr/>` +
    `${block(t.en, t.action?.en)}</div>`;
  return { to, subject: t.subject, text: textParts.join('\n'), html, preview: link ?? code };
}

export const mails = {
  verifyEmail: (to: string, link: string) =>
    render(
      to,
      {
        subject: 'Atrium — confirmez votre adresse e-mail / confirm your e-mail address',
        fr: 'Bienvenue sur Atrium. Confirmez votre adresse e-mail en ouvrant ce lien (valable 24 h) :',
        en: 'Welcome to Atrium. Confirm your e-mail address by opening this link (valid for 24 h):',
        action: { fr: 'Confirmer mon adresse', en: 'Confirm my address' },
      },
      link,
    ),
  otp: (to: string, code: string) =>
    render(
      to,
      {
        subject: 'Atrium — code de connexion / sign-in code',
        fr: 'Votre code de connexion à usage unique (valable 10 minutes) :',
        en: 'Your one-time sign-in code (valid for 10 minutes):',
      },
      undefined,
      code,
    ),
  reset: (to: string, link: string) =>
    render(
      to,
      {
        subject: 'Atrium — réinitialisation du mot de passe / password reset',
        fr: 'Pour choisir un nouveau mot de passe, ouvrez ce lien (valable 1 h). Ignorez ce message si vous n’avez rien demandé.',
        en: 'To choose a new password, open this link (valid for 1 h). Ignore this mail if you did not ask for it.',
        action: { fr: 'Choisir un mot de passe', en: 'Choose a password' },
      },
      link,
    ),
  unlock: (to: string, link: string) =>
    render(
      to,
      {
        subject: 'Atrium — compte verrouillé / account locked',
        fr: 'Votre compte a été verrouillé après plusieurs échecs de connexion. Choisissez un nouveau mot de passe pour le déverrouiller (lien valable 24 h) :',
        en: 'Your account was locked after repeated failed sign-ins. Choose a new password to unlock it (link valid for 24 h):',
        action: { fr: 'Déverrouiller mon compte', en: 'Unlock my account' },
      },
      link,
    ),
  invite: (to: string, link: string) =>
    render(
      to,
      {
        subject: 'Atrium — votre compte a été créé / your account was created',
        fr: 'Un compte Atrium a été créé pour vous. Choisissez votre mot de passe (lien valable 72 h) :',
        en: 'An Atrium account was created for you. Choose your password (link valid for 72 h):',
        action: { fr: 'Choisir mon mot de passe', en: 'Choose my password' },
      },
      link,
    ),
};
