// The captcha behind the forms: one interface, ALTCHA proof-of-work by default (self-hosted,
// works offline), Google reCAPTCHA when a secret is configured.
import type { components } from "../../../common/api/schema.gen.ts";
import { HttpError } from "../../http/errors.ts";

type CaptchaChallenge = components["schemas"]["CaptchaChallenge"];

/** What a form's captcha answer is checked for. */
interface CaptchaCheck {
  /** The client's address, passed on to the captcha service. */
  remoteIp?: string | undefined;
  /**
   * True for a form submission: the answer then serves once. The standalone check the client runs
   * before submitting (`verifyRecaptcha`) does not use it up.
   */
  consume: boolean;
  /**
   * The least difficulty level the answer's challenge must have been issued at (ALTCHA; a service
   * that sets its own difficulty ignores it). Raised for addresses with many recent failures.
   */
  minLevel?: number;
}

/** Difficulty levels of a challenge: each one doubles the proof of work. */
export const MAX_CAPTCHA_LEVEL = 4;

export interface Captcha {
  readonly provider: "altcha" | "recaptcha";
  /** A fresh challenge for the widget (ALTCHA) at a difficulty level; null when the provider serves its own. */
  challenge(level?: number): Promise<CaptchaChallenge | null>;
  /** True when the answer verifies. Throws `captchaUnavailable()` when the service cannot be reached. */
  verify(answer: string, check: CaptchaCheck): Promise<boolean>;
}

export const captchaUnavailable = () => new HttpError(502, "The captcha service could not be reached", "UPSTREAM_UNAVAILABLE");

const captchaInvalid = () =>
  new HttpError(400, "Invalid recaptchaData: the captcha answer does not verify", "CAPTCHA_INVALID", [
    { field: "recaptchaData", message: "the captcha answer does not verify" },
  ]);

/** Checks a form's captcha answer (using it up): 400 CAPTCHA_INVALID when it does not verify. */
export async function requireCaptcha(captcha: Captcha, answer: string, remoteIp?: string, minLevel = 0): Promise<void> {
  if (!(await captcha.verify(answer, { consume: true, remoteIp, minLevel }))) throw captchaInvalid();
}
