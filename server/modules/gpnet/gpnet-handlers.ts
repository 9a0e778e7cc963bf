// Handlers of the staff-number (GPNET) accounts: as the e-mail accounts, with the staff number
// checked against the staff directory (502 GPNET_UNAVAILABLE when it cannot be asked).
import type { StaffDirectory } from "../../adapters/staff-directory/staff-directory.ts";
import type { OperationHandlers } from "../../http/contract.ts";
import { notFound } from "../../http/errors.ts";
import { DEFAULT_LOCALE } from "../catalog/locale.ts";
import { badCredentials, type Accounts } from "../customers/accounts.ts";
import { signedIn } from "../../http/customer-session.ts";

export function gpnetHandlers(deps: { accounts: Accounts; staffDirectory: StaffDirectory }): OperationHandlers {
  const { accounts, staffDirectory } = deps;
  return {
    async signInGpnet(request, reply) {
      const { gpnetId, email, password, recaptchaData } = request.body;
      if (!(await staffDirectory.has(gpnetId))) throw badCredentials();
      return signedIn(
        reply,
        await accounts.signIn({ ip: request.ip, gpnetId, email, password, recaptchaData, shoppingCartId: request.query.shoppingCartId }),
      );
    },

    async verifyGpnetOneTimePassword(request, reply) {
      const { gpnetId, email, password, oneTimePassword } = request.body;
      if (!(await staffDirectory.has(gpnetId))) throw badCredentials();
      const response = await accounts.verifyCode({
        ip: request.ip,
        gpnetId,
        email,
        password,
        oneTimePassword,
        shoppingCartId: request.query.shoppingCartId,
      });
      return signedIn(reply, response);
    },

    async registerGpnetCustomer(request, reply) {
      const body = request.body;
      if (!(await staffDirectory.has(body.gpnetId))) throw notFound("This staff number is not in the staff directory", "GPNET_ID_UNKNOWN");
      const response = await accounts.register({
        ip: request.ip,
        gpnetId: body.gpnetId,
        email: body.email.trim(),
        firstName: body.firstName.trim(),
        lastName: body.lastName.trim(),
        locale: body.locale ?? request.query.locale ?? DEFAULT_LOCALE,
        customerGroup: "GPNET",
        twoFactorEnabled: body.twoFactorAuthenticationEnabled ?? true,
        newsletterSubscribed: body.newsLetterSubscribed ?? false,
        shoppingCartId: request.query.shoppingCartId,
        password: body.password,
        recaptchaData: body.recaptchaData,
      });
      return signedIn(reply.code(201), response);
    },

    async requestGpnetPasswordReset(request, reply) {
      await accounts.requestReset({ ...request.body, ip: request.ip, gpnetOnly: true });
      return reply.code(202).send();
    },
  };
}
