// The captcha operations: the ALTCHA challenge the widget solves, and the standalone check the
// client runs before submitting a form (it does not use the answer up).
import type { Captcha } from "../../adapters/captcha/captcha.ts";
import type { OperationHandlers } from "../../http/contract.ts";
import { notFound } from "../../http/errors.ts";

export function captchaHandlers(deps: { captcha: Captcha; levelFor: (ip: string) => Promise<number> }): OperationHandlers {
  const { captcha, levelFor } = deps;
  return {
    // Harder for an address with recent sign-in failures (see accounts.ts).
    async getCaptchaChallenge(request, reply) {
      const challenge = await captcha.challenge(await levelFor(request.ip));
      if (challenge === null) throw notFound("The configured captcha serves its own challenges");
      reply.header("cache-control", "no-store");
      return challenge;
    },

    async verifyRecaptcha(request) {
      const success = await captcha.verify(request.body.response, { consume: false, remoteIp: request.body.remoteip ?? request.ip });
      return { success };
    },
  };
}
