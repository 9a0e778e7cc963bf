// The issuer pages' HTML: small, accessible (a language, a title, labelled fields with their hints
// and errors tied to them, an error summary that takes the focus's place, plain buttons), and
// self-contained (one inline style sheet, no script, nothing loaded from elsewhere).
import { CARD_FIELDS, type CardForm, type CardFormErrors } from "./sandbox-card-form.ts";
import type { PendingChallenge, PendingPayment, SandboxLocale } from "./sandbox-payments.ts";
import { SANDBOX_TEXTS, type SandboxTexts } from "./sandbox-texts.ts";
import { HOLDER_NAME_OUTCOMES, TEST_CARDS, type CardBrand } from "./test-cards.ts";

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char] ?? char);

const STYLE = `
body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#1a1a2e;background:#f4f5f8}
main{max-width:34rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:.5rem;box-shadow:0 1px 4px rgba(0,0,0,.15)}
.sandbox{margin:0;font-size:.875rem;font-weight:600;text-transform:uppercase;letter-spacing:.05em;color:#5a5a6e}
h1{font-size:1.5rem;margin:.25rem 0 1rem}
label{display:block;font-weight:600;margin-top:1rem}
.hint{margin:.125rem 0 .25rem;font-size:.875rem;color:#4a4a5e}
.error{margin:.125rem 0 .25rem;font-size:.875rem;color:#b00020;font-weight:600}
input{box-sizing:border-box;width:100%;padding:.5rem;font:inherit;border:1px solid #6b6b80;border-radius:.25rem}
input[aria-invalid=true]{border:2px solid #b00020}
input:focus,button:focus{outline:3px solid #1f5fbf;outline-offset:2px}
button{margin-top:1.5rem;padding:.75rem 1.25rem;font:inherit;font-weight:600;color:#fff;background:#1f3c88;border:0;border-radius:.25rem;cursor:pointer}
button.link{margin-top:1rem;padding:0;color:#1f3c88;background:none;text-decoration:underline;font-weight:400}
.summary{border:2px solid #b00020;padding:.5rem 1rem;border-radius:.25rem}
.summary h2{font-size:1rem;margin:.25rem 0}
a{color:#1f3c88}
table{border-collapse:collapse;width:100%;font-size:.875rem;margin-top:.5rem}
th,td{text-align:left;padding:.25rem .5rem;border-bottom:1px solid #d0d0da}
details{margin-top:1.5rem}
summary{cursor:pointer;font-weight:600}
`;

function page(locale: SandboxLocale, title: string, body: string): string {
  const texts = SANDBOX_TEXTS[locale];
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} – ${escapeHtml(texts.sandbox)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<p class="sandbox">${escapeHtml(texts.sandbox)}</p>
<h1>${escapeHtml(title)}</h1>
${body}
</main>
</body>
</html>
`;
}

export function formatAmount(locale: SandboxLocale, cents: number, currency: string): string {
  return new Intl.NumberFormat(locale === "fr" ? "fr-FR" : "en-GB", { style: "currency", currency }).format(cents / 100);
}

const BRAND_LABELS: Record<CardBrand, string> = { visa: "Visa", mc: "Mastercard", amex: "American Express", cartebancaire: "Cartes Bancaires" };

function field(options: {
  name: string;
  label: string;
  hint?: string;
  error?: string;
  value?: string;
  type?: string;
  autocomplete: string;
  inputmode?: string;
  required?: boolean;
}) {
  const described = [options.hint ? `${options.name}-hint` : "", options.error ? `${options.name}-error` : ""].filter(Boolean).join(" ");
  return `<label for="${options.name}">${escapeHtml(options.label)}</label>
${options.hint ? `<p class="hint" id="${options.name}-hint">${escapeHtml(options.hint)}</p>` : ""}
${options.error ? `<p class="error" id="${options.name}-error">${escapeHtml(options.error)}</p>` : ""}
<input id="${options.name}" name="${options.name}" type="${options.type ?? "text"}" autocomplete="${options.autocomplete}"${options.inputmode ? ` inputmode="${options.inputmode}"` : ""}${described ? ` aria-describedby="${described}"` : ""}${options.error ? ' aria-invalid="true"' : ""}${options.required ? " required" : ""} value="${escapeHtml(options.value ?? "")}">`;
}

function errorSummary(texts: SandboxTexts, errors: Record<string, string | undefined>, labels: Record<string, string>): string {
  const items = Object.entries(errors).filter((entry): entry is [string, string] => entry[1] !== undefined);
  if (items.length === 0) return "";
  const list = items.map(([name, message]) => `<li><a href="#${name}">${escapeHtml(texts.labelled(labels[name] ?? name, message))}</a></li>`).join("");
  return `<div class="summary" role="alert"><h2>${escapeHtml(texts.errorSummary)}</h2><ul>${list}</ul></div>`;
}

const cancelForm = (texts: SandboxTexts, token: string) =>
  `<form method="post" action="/payment-sandbox/cancel/${encodeURIComponent(token)}"><button type="submit" class="link">${escapeHtml(texts.cancel)}</button></form>`;

function testCardTables(texts: SandboxTexts): string {
  const cards = TEST_CARDS.map(
    (card) =>
      `<tr><td>${card.number.replace(/(\d{4})(?=\d)/g, "$1 ")}</td><td>${escapeHtml(card.label)}</td><td>${card.cvc}</td><td>${card.threeDSecure ? texts.yes : texts.no}</td></tr>`,
  ).join("");
  const names = Object.entries(HOLDER_NAME_OUTCOMES)
    .map(([name, outcome]) => `<tr><td>${name}</td><td>${escapeHtml(outcome.refusalReason)}</td></tr>`)
    .join("");
  return `<details><summary>${escapeHtml(texts.testCards)}</summary>
<table><caption class="hint">${escapeHtml(texts.testCardsCaption)}</caption><thead><tr><th scope="col">${texts.card}</th><th scope="col">${texts.brand}</th><th scope="col">${texts.securityCode}</th><th scope="col">${texts.threeDSecure}</th></tr></thead><tbody>${cards}</tbody></table>
<table><caption class="hint">${escapeHtml(texts.holderNames)}</caption><thead><tr><th scope="col">${escapeHtml(texts.holderNameOutcome)}</th><th scope="col">${escapeHtml(texts.refusal)}</th></tr></thead><tbody>${names}</tbody></table>
</details>`;
}

export function payPage(token: string, payment: PendingPayment, form: CardForm = {}, errors: CardFormErrors = {}): string {
  const texts = SANDBOX_TEXTS[payment.loc];
  const amount = formatAmount(payment.loc, payment.amt, payment.cur);
  const labels = { number: texts.number, expiry: texts.expiry, cvc: texts.cvc, holderName: texts.holderName };
  const summary = errorSummary(texts, Object.fromEntries(CARD_FIELDS.map((name) => [name, errors[name]])), labels);
  const body = `<p>${escapeHtml(texts.payIntro)}</p>
<p><strong>${escapeHtml(texts.labelled(texts.amount, amount))}</strong></p>
${summary}
<form method="post" action="/payment-sandbox/pay/${encodeURIComponent(token)}" novalidate>
${field({ name: "number", label: texts.number, hint: texts.numberHint, error: errors.number, value: form.number, autocomplete: "cc-number", inputmode: "numeric", required: true })}
${field({ name: "expiry", label: texts.expiry, hint: texts.expiryHint, error: errors.expiry, value: form.expiry, autocomplete: "cc-exp", required: true })}
${field({ name: "cvc", label: texts.cvc, hint: texts.cvcHint, error: errors.cvc, autocomplete: "cc-csc", inputmode: "numeric", required: true })}
${field({ name: "holderName", label: texts.holderName, hint: texts.holderNameHint, error: errors.holderName, value: form.holderName, autocomplete: "cc-name" })}
<button type="submit">${escapeHtml(texts.pay(amount))}</button>
</form>
${cancelForm(texts, token)}
${testCardTables(texts)}`;
  return page(payment.loc, texts.payTitle, body);
}

export function challengePage(token: string, challenge: PendingChallenge): string {
  const texts = SANDBOX_TEXTS[challenge.loc];
  const amount = formatAmount(challenge.loc, challenge.amt, challenge.cur);
  const body = `<p>${escapeHtml(texts.challengeIntro(amount, BRAND_LABELS[challenge.brand]))}</p>
<form method="post" action="/payment-sandbox/challenge/${encodeURIComponent(token)}">
${field({ name: "password", label: texts.password, hint: texts.challengeHint, type: "password", autocomplete: "off", required: true })}
<button type="submit">${escapeHtml(texts.confirm)}</button>
</form>
${cancelForm(texts, token)}`;
  return page(challenge.loc, texts.challengeTitle, body);
}

/** A link that is not (or no longer) valid: where to go instead. */
export function unusableLinkPage(locale: SandboxLocale, status: "invalid" | "expired", shopUrl: string): string {
  const texts = SANDBOX_TEXTS[locale];
  const [title, text] = status === "expired" ? [texts.expiredTitle, texts.expiredText] : [texts.invalidTitle, texts.invalidText];
  return page(locale, title, `<p>${escapeHtml(text)}</p><p><a href="${escapeHtml(shopUrl)}">${escapeHtml(texts.backToShop)}</a></p>`);
}
