// Google reCAPTCHA: the answer is checked server to server (RECAPTCHA_SECRET). Google uses each
// token once by itself, so `consume` needs nothing more here.
import { captchaUnavailable, type Captcha } from "./captcha.ts";

const RECAPTCHA_VERIFY_URL = "https://www.google.com/recaptcha/api/siteverify";
const RECAPTCHA_TIMEOUT_MS = 5000;

export function recaptchaCaptcha(options: { secret: string; fetch?: typeof fetch; verifyUrl?: string }): Captcha {
  const fetcher = options.fetch ?? fetch;
  const verifyUrl = options.verifyUrl ?? RECAPTCHA_VERIFY_URL;
  return {
    provider: "recaptcha",

    async challenge() {
      return null;
    },

    async verify(answer, check) {
      const form = new URLSearchParams({ secret: options.secret, response: answer });
      if (check.remoteIp) form.set("remoteip", check.remoteIp);
      let body: unknown;
      try {
        const response = await fetcher(verifyUrl, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: form,
          signal: AbortSignal.timeout(RECAPTCHA_TIMEOUT_MS),
        });
        if (!response.ok) throw new Error(`reCAPTCHA answered ${response.status}`);
        body = await response.json();
      } catch {
        throw captchaUnavailable();
      }
      return typeof body === "object" && body !== null && "success" in body && body.success === true;
    },
  };
}
