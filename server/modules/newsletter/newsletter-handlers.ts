// Handler of the footer newsletter form.
import type { OperationHandlers } from "../../http/contract.ts";
import { conflict } from "../../http/errors.ts";
import { DEFAULT_LOCALE } from "../catalog/locale.ts";
import { normalizeEmail } from "../email-address.ts";
import type { NewsletterRepository } from "./newsletter-repository.ts";

export function newsletterHandlers(deps: { newsletter: NewsletterRepository }): OperationHandlers {
  const { newsletter } = deps;
  return {
    async subscribeNewsletter(request, reply) {
      const email = normalizeEmail(request.body.email);
      const subscribed = await newsletter.subscribe({ email, locale: request.query.locale ?? DEFAULT_LOCALE });
      if (!subscribed) throw conflict("This address is already subscribed to the newsletter", "NEWSLETTER_ALREADY_SUBSCRIBED");
      reply.code(201);
      return { email };
    },
  };
}
