// Handler of the contact form.
import type { OperationHandlers } from "../../http/contract.ts";
import { DEFAULT_LOCALE } from "../catalog/locale.ts";
import type { ContactRepository } from "./contact-repository.ts";

export function contactHandlers(deps: { contact: ContactRepository }): OperationHandlers {
  const { contact } = deps;
  return {
    // The captcha answer is required by the contract but not verified until the captcha adapter lands.
    async sendContactMessage(request, reply) {
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
