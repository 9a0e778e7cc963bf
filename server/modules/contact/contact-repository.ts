// Contact-form messages: stored, and e-mailed to customer service in the same transaction.
import type { components } from "../../../common/api/schema.gen.ts";
import type { MailerFor } from "../../adapters/mail/mailer.ts";
import type { Database } from "../../db/client.ts";
import { contactMessages } from "../../db/schema.ts";
import type { ApiLocale } from "../catalog/locale.ts";
import { contactEmail } from "./contact-email.ts";

type ContactRequest = components["schemas"]["ContactMessageRequest"];

/** What is kept of a message: the form's fields without the captcha answer, and its language. */
export type ContactMessage = Omit<ContactRequest, "recaptchaData" | "phone" | "orderReference"> & {
  phone: string | null;
  orderReference: string | null;
  locale: ApiLocale;
};

export interface ContactReceipt {
  id: number;
  receivedAt: string;
}

export function createContactRepository(deps: { db: Database; mailer: MailerFor; shopEmail: string }) {
  const { db, mailer, shopEmail } = deps;
  return {
    async receive(message: ContactMessage): Promise<ContactReceipt> {
      return db.orm.transaction(async (tx) => {
        const [saved] = await tx
          .insert(contactMessages)
          .values(message)
          .returning({ id: contactMessages.id, createdAt: contactMessages.createdAt });
        if (!saved) throw new Error("the contact message was not stored");
        const receipt = { id: saved.id, receivedAt: saved.createdAt.toISOString() };
        await mailer(tx).send(contactEmail({ ...message, ...receipt }, shopEmail));
        return receipt;
      });
    },
  };
}

export type ContactRepository = ReturnType<typeof createContactRepository>;
