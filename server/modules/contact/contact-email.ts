// The e-mail customer service receives for each contact-form message (in French: the team's language).
import { escapeHtml, oneLine, type MailMessage } from "../../adapters/mail/mailer.ts";
import type { ContactMessage } from "./contact-repository.ts";

const SUBJECT_LABELS: Record<ContactMessage["subject"], string> = {
  order: "Commande",
  product: "Produit",
  delivery: "Livraison",
  return: "Retour",
  account: "Compte",
  other: "Autre",
};

export function contactEmail(message: ContactMessage & { id: number; receivedAt: string }, shopEmail: string): MailMessage {
  const sender = oneLine(`${message.firstName} ${message.lastName}`);
  const subject = SUBJECT_LABELS[message.subject];
  const details: [string, string][] = [
    ["De", `${sender} <${message.email}>`],
    ["Téléphone", message.phone ?? "—"],
    ["Sujet", subject],
    ["Commande", message.orderReference ?? "—"],
    ["Langue", message.locale],
    ["Reçu le", message.receivedAt],
  ];
  const intro = `Message n° ${message.id} reçu par le formulaire de contact.`;
  return {
    to: shopEmail,
    subject: oneLine(`[Contact] ${subject} – ${sender}`),
    text: [intro, details.map(([label, value]) => `${label} : ${value}`).join("\n"), message.message].join("\n\n"),
    html: [
      `<p>${escapeHtml(intro)}</p>`,
      `<table>${details.map(([label, value]) => `<tr><th align="left">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`).join("")}</table>`,
      `<p style="white-space:pre-wrap">${escapeHtml(message.message)}</p>`,
    ].join("\n"),
  };
}
