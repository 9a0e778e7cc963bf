// The embedded identity provider's pages (demo mode): the employees' sign-in form and the error
// page. Small and accessible: a language, a heading, labelled fields, an error announced with
// role="alert" and tied to the fields; one inline style sheet, no script, nothing from elsewhere.
import { escapeHtml } from "../../adapters/mail/mailer.ts";

export type PageLocale = "fr" | "en";

const TEXTS = {
  fr: {
    provider: "Identité employé (démonstration)",
    title: "Connexion employé",
    intro: "Connectez-vous avec votre compte employé pour continuer vers la boutique.",
    email: "Adresse e-mail",
    password: "Mot de passe",
    submit: "Se connecter",
    badCredentials: "Adresse e-mail ou mot de passe incorrect. Vérifiez-les et réessayez.",
    demo: "Comptes de démonstration : les adresses en @staff.demo.escale.example, mot de passe EscaleDemo2026!",
    errorTitle: "Connexion impossible",
    errorBack: "Retour à la boutique",
  },
  en: {
    provider: "Employee identity (demo)",
    title: "Employee sign-in",
    intro: "Sign in with your employee account to continue to the shop.",
    email: "E-mail address",
    password: "Password",
    submit: "Sign in",
    badCredentials: "Wrong e-mail address or password. Check them and try again.",
    demo: "Demo accounts: the @staff.demo.escale.example addresses, password EscaleDemo2026!",
    errorTitle: "Sign-in is not possible",
    errorBack: "Back to the shop",
  },
} as const;

const STYLE = `
body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#1a1a2e;background:#f4f5f8}
main{max-width:28rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:.5rem;box-shadow:0 1px 4px rgba(0,0,0,.15)}
.provider{margin:0;font-size:.875rem;font-weight:600;text-transform:uppercase;letter-spacing:.05em;color:#5a5a6e}
h1{font-size:1.5rem;margin:.25rem 0 1rem}
label{display:block;font-weight:600;margin-top:1rem}
input{box-sizing:border-box;width:100%;padding:.5rem;font:inherit;border:1px solid #6b6b80;border-radius:.25rem}
input[aria-invalid=true]{border:2px solid #b00020}
input:focus,button:focus,a:focus{outline:3px solid #1f5fbf;outline-offset:2px}
button{margin-top:1.5rem;padding:.75rem 1.25rem;font:inherit;font-weight:600;color:#fff;background:#1f3c88;border:0;border-radius:.25rem;cursor:pointer}
.alert{border:2px solid #b00020;color:#b00020;font-weight:600;padding:.5rem 1rem;border-radius:.25rem}
.demo{margin-top:1.5rem;font-size:.875rem;color:#4a4a5e}
a{color:#1f3c88}
`;

function page(locale: PageLocale, title: string, body: string): string {
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} – ${escapeHtml(TEXTS[locale].provider)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<p class="provider">${escapeHtml(TEXTS[locale].provider)}</p>
<h1>${escapeHtml(title)}</h1>
${body}
</main>
</body>
</html>
`;
}

export interface SignInPageInput {
  locale: PageLocale;
  /** Where the form posts (the interaction's own address). */
  action: string;
  email?: string;
  failed?: boolean;
  /** Show the demo accounts (demo mode only). */
  demoHint: boolean;
}

export function signInPage(input: SignInPageInput): string {
  const texts = TEXTS[input.locale];
  const invalid = input.failed ? ` aria-invalid="true" aria-describedby="sign-in-error"` : "";
  const alert = input.failed ? `<p id="sign-in-error" class="alert" role="alert">${escapeHtml(texts.badCredentials)}</p>\n` : "";
  return page(
    input.locale,
    texts.title,
    `${alert}<p>${escapeHtml(texts.intro)}</p>
<form method="post" action="${escapeHtml(input.action)}" novalidate>
<label for="email">${escapeHtml(texts.email)}</label>
<input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(input.email ?? "")}"${invalid}${input.failed ? "" : " autofocus"}>
<label for="password">${escapeHtml(texts.password)}</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${invalid}${input.failed ? " autofocus" : ""}>
<button type="submit">${escapeHtml(texts.submit)}</button>
</form>${input.demoHint ? `\n<p class="demo">${escapeHtml(texts.demo)}</p>` : ""}`,
  );
}

export function errorPage(locale: PageLocale, message: string, shopUrl: string): string {
  const texts = TEXTS[locale];
  return page(locale, texts.errorTitle, `<p role="alert">${escapeHtml(message)}</p>\n<p><a href="${escapeHtml(shopUrl)}">${escapeHtml(texts.errorBack)}</a></p>`);
}

/** The page's language: the client's `ui_locales` first, then the browser's Accept-Language; French by default. */
export function pageLocaleOf(uiLocales: unknown, acceptLanguage: string | undefined): PageLocale {
  const wanted = typeof uiLocales === "string" && uiLocales.trim() !== "" ? uiLocales : (acceptLanguage ?? "fr");
  const first = wanted.split(/[\s,]+/)[0] ?? "";
  return /^en\b/i.test(first) ? "en" : "fr";
}
