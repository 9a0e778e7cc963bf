// The e-mails of the accounts, in the customer's language (French by default).
import { escapeHtml, oneLine, type MailMessage } from "../../adapters/mail/mailer.ts";
import type { ApiLocale } from "../catalog/locale.ts";

interface Recipient {
  email: string;
  firstName: string;
  locale: ApiLocale;
}

function message(to: string, subject: string, paragraphs: string[], link?: { url: string; label: string }): MailMessage {
  const text = [...paragraphs, ...(link ? [link.url] : [])].join("\n\n");
  const html = [
    ...paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
    ...(link ? [`<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>`] : []),
  ].join("\n");
  return { to, subject: oneLine(subject), text, html };
}

export function oneTimePasswordEmail(to: Recipient, code: string, brandName: string, validMinutes: number): MailMessage {
  if (to.locale === "en_US") {
    return message(to.email, `${brandName}: your sign-in code ${code}`, [
      `Hello ${to.firstName},`,
      `Your sign-in code is ${code}. It is valid for ${validMinutes} minutes and can be used once.`,
      "If you did not try to sign in, change your password: someone else knows it.",
    ]);
  }
  return message(to.email, `${brandName} : votre code de connexion ${code}`, [
    `Bonjour ${to.firstName},`,
    `Votre code de connexion est ${code}. Il est valable ${validMinutes} minutes et ne sert qu'une fois.`,
    "Si vous n'avez pas essayé de vous connecter, changez votre mot de passe : quelqu'un d'autre le connaît.",
  ]);
}

export function passwordResetEmail(to: Recipient, link: string, brandName: string): MailMessage {
  if (to.locale === "en_US") {
    return message(
      to.email,
      `${brandName}: reset your password`,
      [
        `Hello ${to.firstName},`,
        "To choose a new password, open the link below. It is valid for one hour and can be used once.",
        "If you did not ask for it, ignore this e-mail: your password stays as it is.",
      ],
      { url: link, label: "Choose a new password" },
    );
  }
  return message(
    to.email,
    `${brandName} : réinitialisez votre mot de passe`,
    [
      `Bonjour ${to.firstName},`,
      "Pour choisir un nouveau mot de passe, ouvrez le lien ci-dessous. Il est valable une heure et ne sert qu'une fois.",
      "Si vous ne l'avez pas demandé, ignorez cet e-mail : votre mot de passe reste inchangé.",
    ],
    { url: link, label: "Choisir un nouveau mot de passe" },
  );
}
