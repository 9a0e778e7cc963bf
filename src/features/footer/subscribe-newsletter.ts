// The newsletter machine's IO: POST newsletter/subscriptions with the address.
import { fromPromise } from "xstate";
import type { SubscribeInput } from "../../../machines/newsletter/newsletter.types.ts";
import { unwrap, type ApiClient } from "../../api/client.ts";
import { apiLocaleOf, currentLang } from "../../i18n/i18n.ts";

export const subscribeNewsletter = (api: ApiClient) =>
  fromPromise<unknown, SubscribeInput>(({ input, signal }) =>
    unwrap(
      api.POST("/newsletter/subscriptions", {
        // The locale is given here so that the client does not rebuild the request around its body.
        params: { query: { locale: apiLocaleOf(currentLang()) } },
        body: { email: input.email },
        signal,
      }),
    ),
  );
