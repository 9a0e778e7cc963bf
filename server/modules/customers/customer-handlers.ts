// Handlers of the customers operations: sign-in, two-factor code, registration, password reset
// and change, sign-out, profile, address book and newsletter of the signed-in customer.
import type { OperationHandlers } from "../../http/contract.ts";
import { HttpError, badRequest, conflict, notFound } from "../../http/errors.ts";
import { DEFAULT_LOCALE } from "../catalog/locale.ts";
import type { Database } from "../../db/client.ts";
import { newsletterSubscriptions } from "../../db/schema.ts";
import { sql } from "drizzle-orm";
import type { Accounts } from "./accounts.ts";
import { checkAddressRules, generatedAddressName, internationalPhone } from "./addresses.ts";
import type { CustomerRepository, CustomerRow, NewCustomer } from "./customer-repository.ts";
import type { FastifyReply, FastifyRequest } from "fastify";
import { customerBearer, sendCustomerToken, signedIn } from "../../http/customer-session.ts";
import { customerRequired, customerTokenInvalid, type CustomerGroup, type Sessions } from "../../platform/sessions.ts";

export interface CustomerHandlerDeps {
  db: Database;
  accounts: Accounts;
  customers: CustomerRepository;
  sessions: Sessions;
}

const readOnly = (field: string) =>
  new HttpError(400, `Invalid ${field}: it cannot be changed`, "READ_ONLY_FIELD", [{ field, message: "cannot be changed" }]);

export function customerHandlers(deps: CustomerHandlerDeps): OperationHandlers {
  const { db, accounts, customers, sessions } = deps;

  /** The request's session, its renewed token set in the answer: 401 without a token. */
  const requiredSession = async (request: FastifyRequest, reply: FastifyReply) => {
    const bearer = customerBearer(request);
    if (bearer === null) throw customerRequired();
    const { session, token } = await sessions.resume(bearer);
    sendCustomerToken(reply, token);
    return session;
  };

  /** The signed-in customer's row (renewing the token). */
  const signedInCustomer = async (request: FastifyRequest, reply: FastifyReply): Promise<CustomerRow> => {
    const session = await requiredSession(request, reply);
    const customer = await customers.findById(session.customerId);
    if (!customer) throw notFound("The customer no longer exists");
    return customer;
  };

  /** Keeps the newsletter list in step with a customer's choice. */
  const syncNewsletter = async (customer: CustomerRow, orm: Database["orm"]) => {
    if (customer.newsletterSubscribed) {
      await orm.insert(newsletterSubscriptions).values({ email: customer.email.toLowerCase(), locale: customer.locale }).onConflictDoNothing();
    } else {
      await orm.delete(newsletterSubscriptions).where(sql`lower(${newsletterSubscriptions.email}) = ${customer.email.toLowerCase()}`);
    }
  };

  const setNewsletter = async (
    request: FastifyRequest,
    reply: FastifyReply,
    customerEmail: string,
    subscribed: boolean,
  ) => {
    const customer = await signedInCustomer(request, reply);
    if (customerEmail.trim().toLowerCase() !== customer.email.toLowerCase()) {
      throw badRequest("customerEmail", "must be the signed-in customer's e-mail address");
    }
    await db.orm.transaction(async (tx) => {
      const updated = await customers.update(customer.id, { newsletterSubscribed: subscribed }, tx);
      if (updated) await syncNewsletter(updated, tx);
    });
  };

  return {
    async signIn(request, reply) {
      const { email, password, recaptchaData } = request.body;
      return signedIn(reply, await accounts.signIn({ ip: request.ip, email, password, recaptchaData, shoppingCartId: request.query.shoppingCartId }));
    },

    async verifyOneTimePassword(request, reply) {
      const { email, password, oneTimePassword } = request.body;
      return signedIn(
        reply,
        await accounts.verifyCode({ ip: request.ip, email, password, oneTimePassword, shoppingCartId: request.query.shoppingCartId }),
      );
    },

    async registerCustomer(request, reply) {
      const body = request.body;
      const values: Omit<NewCustomer, "passwordHash"> = {
        email: body.email.trim(),
        firstName: body.firstName.trim(),
        lastName: body.lastName.trim(),
        locale: body.locale ?? request.query.locale ?? DEFAULT_LOCALE,
        customerGroup: "GENERAL_PUBLIC",
        twoFactorEnabled: body.twoFactorAuthenticationEnabled ?? true,
        newsletterSubscribed: body.newsLetterSubscribed ?? false,
      };
      const response = await accounts.register({
        ...values,
        ip: request.ip,
        password: body.password,
        recaptchaData: body.recaptchaData,
        shoppingCartId: request.query.shoppingCartId,
      });
      return signedIn(reply.code(201), response);
    },

    async requestPasswordReset(request, reply) {
      await accounts.requestReset({ ...request.body, ip: request.ip, gpnetOnly: false });
      return reply.code(202).send();
    },

    async changePasswordWithResetToken(request, reply) {
      await accounts.resetWithToken({ ...request.body, ip: request.ip, token: request.params.resetToken });
      return reply.code(204).send();
    },

    async changePassword(request, reply) {
      const customer = await signedInCustomer(request, reply);
      // Every session ends, this one included; the caller goes on with a new one.
      const { token } = await accounts.changePassword(customer, request.body);
      sendCustomerToken(reply, token);
      return reply.code(204).send();
    },

    async signOut(request, reply) {
      const bearer = customerBearer(request);
      if (bearer === null) throw customerTokenInvalid();
      await sessions.revoke((await sessions.verify(bearer)).sessionId);
      return reply.code(204).send();
    },

    async getCurrentCustomer(request, reply) {
      const session = await requiredSession(request, reply);
      const customer = await customers.findById(session.customerId);
      if (!customer) throw notFound("The customer no longer exists");
      return accounts.currentView(customer, request.query.shoppingCartId);
    },

    async updateCustomer(request, reply) {
      const customer = await signedInCustomer(request, reply);
      const body = request.body;
      if (body.id !== undefined && body.id !== customer.id) throw readOnly("id");
      if (body.customerGroup !== undefined && body.customerGroup !== customer.customerGroup) throw readOnly("customerGroup");
      const changes: Partial<NewCustomer> = {
        ...(body.firstName !== undefined ? { firstName: body.firstName.trim() } : {}),
        ...(body.lastName !== undefined ? { lastName: body.lastName.trim() } : {}),
        ...(body.email !== undefined ? { email: body.email.trim() } : {}),
        ...(body.birthDate !== undefined ? { birthDate: body.birthDate } : {}),
        ...(body.locale !== undefined ? { locale: body.locale } : {}),
        ...(body.newsLetterSubscribed !== undefined ? { newsletterSubscribed: body.newsLetterSubscribed } : {}),
        ...(body.twoFactorAuthenticationEnabled !== undefined ? { twoFactorEnabled: body.twoFactorAuthenticationEnabled } : {}),
      };
      if (changes.email !== undefined && (await customers.emailTaken(changes.email, customer.id))) {
        throw conflict("An account already has this e-mail address", "EMAIL_ALREADY_EXISTS");
      }
      return db.orm.transaction(async (tx) => {
        const updated = await customers.update(customer.id, changes, tx).catch((error: unknown) => {
          throw changes.email !== undefined ? conflict("An account already has this e-mail address", "EMAIL_ALREADY_EXISTS") : error;
        });
        if (!updated) throw notFound("The customer no longer exists");
        if (changes.newsletterSubscribed !== undefined || changes.email !== undefined) {
          if (changes.email !== undefined && customer.newsletterSubscribed) {
            await syncNewsletter({ ...customer, newsletterSubscribed: false }, tx);
          }
          await syncNewsletter(updated, tx);
        }
        return customers.view(updated, tx);
      });
    },

    async saveCustomerAddress(request, reply) {
      const customer = await signedInCustomer(request, reply);
      const body = request.body;
      const country = body.country;
      checkAddressRules({ country, postCode: body.postCode }, customer.customerGroup as CustomerGroup);
      const phone = internationalPhone(body.phone, country);
      const name = body.name?.trim() || generatedAddressName(body.street, body.postCode);
      return db.orm.transaction(async (tx) => {
        // Adding never overwrites: an address is replaced only when the customer edits it.
        if (!request.query.replace && (await customers.findAddress(customer.id, name, tx))) {
          throw conflict("The address book already has an address of this name", "ADDRESS_NAME_TAKEN");
        }
        await customers.saveAddress(
          customer.id,
          {
            name,
            company: body.company?.trim() || null,
            firstName: body.firstName.trim(),
            lastName: body.lastName.trim(),
            street: body.street.trim(),
            city: body.city.trim(),
            postCode: body.postCode.trim(),
            country,
            phone,
            email: body.email ?? null,
            website: body.website ?? null,
            latitude: body.latitude ?? null,
            longitude: body.longitude ?? null,
          },
          tx,
        );
        const defaults = {
          ...(request.query.defaultShipping ? { defaultShippingAddress: name } : {}),
          ...(request.query.defaultBilling ? { defaultBillingAddress: name } : {}),
        };
        const updated = Object.keys(defaults).length > 0 ? await customers.update(customer.id, defaults, tx) : customer;
        return customers.view(updated ?? customer, tx);
      });
    },

    async deleteCustomerAddress(request, reply) {
      const customer = await signedInCustomer(request, reply);
      const name = request.params.name;
      return db.orm.transaction(async (tx) => {
        if (!(await customers.deleteAddress(customer.id, name, tx))) throw notFound(`No address named ${name} in the address book`);
        const cleared = {
          ...(customer.defaultShippingAddress === name ? { defaultShippingAddress: null } : {}),
          ...(customer.defaultBillingAddress === name ? { defaultBillingAddress: null } : {}),
        };
        const updated = Object.keys(cleared).length > 0 ? await customers.update(customer.id, cleared, tx) : customer;
        return customers.view(updated ?? customer, tx);
      });
    },

    async subscribeCustomerNewsletter(request, reply) {
      await setNewsletter(request, reply, request.body.customerEmail, true);
      return reply.code(204).send();
    },

    async unsubscribeCustomerNewsletter(request, reply) {
      await setNewsletter(request, reply, request.body.customerEmail, false);
      return reply.code(204).send();
    },
  };
}
