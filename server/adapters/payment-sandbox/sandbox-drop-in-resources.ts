// What Drop-in fetches from Adyen's hosts besides the card fields, answered by the sandbox so that
// the payment step stays offline and within the shop's policy: the payment method's picture, the
// translation files (empty: the SPA gives Drop-in its texts from the shop's catalogue), and the
// analytics calls Drop-in makes whether analytics are on or not. The SPA points Drop-in here
// (`_environmentUrls`) when the runtime configuration says the sandbox is the gateway.
import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { SANDBOX_DROP_IN_PATH } from "../../../common/runtime-config.ts";

/** Drop-in's `_environmentUrls.analytics` in sandbox mode (the SPA's adyen-dropin.ts). */
const DROP_IN_ANALYTICS_PATH = `${SANDBOX_DROP_IN_PATH}analytics/`;

/** A plain card, for the sandbox's method and any brand Drop-in asks a picture of. */
const CARD_PICTURE = `<svg xmlns="http://www.w3.org/2000/svg" width="40" height="26" viewBox="0 0 40 26"><rect x=".5" y=".5" width="39" height="25" rx="3" fill="#eef1f8" stroke="#1f3c88"/><rect x="1" y="6" width="38" height="4" fill="#1f3c88"/><rect x="5" y="15" width="12" height="3" rx="1" fill="#6b6b80"/></svg>`;

const PICTURE_PATH = /^images\/logos\/[\w.@-]{1,80}\.svg$/;
const TRANSLATIONS_PATH = /^sdk\/[\w.-]{1,40}\/translations\/[a-z]{2}-[A-Z]{2}\.json$/;

export async function dropInResources(app: FastifyInstance) {
  app.get(`${SANDBOX_DROP_IN_PATH}*`, async (request, reply) => {
    const path = request.url.slice(SANDBOX_DROP_IN_PATH.length).split("?")[0] ?? "";
    if (PICTURE_PATH.test(path)) {
      return reply.header("cache-control", "public, max-age=86400").type("image/svg+xml").send(CARD_PICTURE);
    }
    if (TRANSLATIONS_PATH.test(path)) {
      // Nothing to add to Drop-in's own English texts: the shop's catalogue gives it its texts.
      return reply.header("cache-control", "public, max-age=86400").send({});
    }
    return reply.status(404).send({ status: 404, message: "No such Drop-in resource in the payment sandbox" });
  });

  // Drop-in asks for an attempt id at start, then posts its events under it: nothing is kept.
  app.post(`${DROP_IN_ANALYTICS_PATH}v3/analytics`, async () => ({ checkoutAttemptId: randomUUID() }));
  app.post(`${DROP_IN_ANALYTICS_PATH}v3/analytics/*`, async () => ({}));
}
