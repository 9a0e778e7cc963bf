// Handler of the contact form.
import { requireCaptcha, type Captcha } from "../../adapters/captcha/captcha.ts";
import type { OperationHandlers } from "../../http/contract.ts";
import { addressSubject, emailSubject, limitOf, type AttemptLimits } from "../../platform/attempt-limits.ts";
import { DEFAULT_LOCALE } from "../catalog/locale.ts";
import type { ContactRepository } from "./contact-repository.ts";

/** Contact messages one client address, or one sender's e-mail, may send in an hour. */
export const CONTACT_LIMITS = { perAddress: 10, perEmail: 5, windowMs: 60 * 60_000 };

export function contactHandlers(deps: { contact: ContactRepository; captcha: Captcha; limits: AttemptLimits }): OperationHandlers {
  const { contact, captcha, limits } = deps;
  return {
    async sendContactMessage(request, reply) {
      await requireCaptcha(captcha, request.body.recaptchaData, request.ip);
      await limits.take("contact", [
        limitOf(addressSubject(request.ip), CONTACT_LIMITS.perAddress, CONTACT_LIMITS.windowMs),
        limitOf(emailSubject(request.body.email), CONTACT_LIMITS.perEmail, CONTACT_LIMITS.windowMs),
      ]);
      const { firstName, lastName, email, phone, subject, orderReference, message } = request.body;
      const receipt = await contact.receive({
        firstName: firstName.trim(),
        lastName: lastName.trim(),
        email,
        phone: phone?.trim() || null,
        subject,
        orderReference: orderReference?.trim() || null,
        message,
        locale: request.query.locale ?? DEFAULT_LOCALE,
      });
      reply.code(202);
      return receipt;
    },
  };
}
