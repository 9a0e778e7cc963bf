// Handler of the contact form.
import { requireCaptcha, type Captcha } from "../../adapters/captcha/captcha.ts";
import type { OperationHandlers } from "../../http/contract.ts";
import { DEFAULT_LOCALE } from "../catalog/locale.ts";
import type { ContactRepository } from "./contact-repository.ts";

export function contactHandlers(deps: { contact: ContactRepository; captcha: Captcha }): OperationHandlers {
  const { contact, captcha } = deps;
  return {
    async sendContactMessage(request, reply) {
      await requireCaptcha(captcha, request.body.recaptchaData, request.ip);
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
