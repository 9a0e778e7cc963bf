// Handler of the footer newsletter form.
import type { OperationHandlers } from "../../http/contract.ts";
import { conflict } from "../../http/errors.ts";
import { addressSubject, limitOf, type AttemptLimits } from "../../platform/attempt-limits.ts";
import { DEFAULT_LOCALE } from "../catalog/locale.ts";
import { normalizeEmail } from "../email-address.ts";
import type { NewsletterRepository } from "./newsletter-repository.ts";

/** Newsletter sign-ups one client address may send in an hour. */
export const NEWSLETTER_LIMITS = { perAddress: 10, windowMs: 60 * 60_000 };

export function newsletterHandlers(deps: { newsletter: NewsletterRepository; limits: AttemptLimits }): OperationHandlers {
  const { newsletter, limits } = deps;
  return {
    async subscribeNewsletter(request, reply) {
      await limits.take("newsletter", [limitOf(addressSubject(request.ip), NEWSLETTER_LIMITS.perAddress, NEWSLETTER_LIMITS.windowMs)]);
      const email = normalizeEmail(request.body.email);
      const subscribed = await newsletter.subscribe({ email, locale: request.query.locale ?? DEFAULT_LOCALE });
      if (!subscribed) throw conflict("This address is already subscribed to the newsletter", "NEWSLETTER_ALREADY_SUBSCRIBED");
      reply.code(201);
      return { email };
    },
  };
}
