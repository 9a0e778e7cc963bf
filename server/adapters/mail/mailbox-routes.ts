// `/dev/mailbox`: the e-mails of the embedded outbox, for whoever tries the shop in demo mode
// (sign-up codes, alerts, contact messages). Registered only in demo mode.
import type { FastifyInstance } from "fastify";
import { notFound } from "../../http/errors.ts";
import type { OutboxRepository } from "./outbox-mailer.ts";

/** How many messages the mailbox lists. */
export const MAILBOX_SIZE = 50;

const messageSchema = {
  type: "object",
  required: ["id", "to", "subject", "text", "html", "createdAt"],
  properties: {
    id: { type: "integer" },
    to: { type: "string" },
    subject: { type: "string" },
    text: { type: "string" },
    html: { type: ["string", "null"] },
    createdAt: { type: "string", format: "date-time" },
  },
} as const;

export async function mailboxRoutes(app: FastifyInstance, options: { outbox: OutboxRepository }) {
  const { outbox } = options;

  app.get("/dev/mailbox", { schema: { response: { 200: { type: "array", items: messageSchema } } } }, async (_request, reply) => {
    reply.header("cache-control", "no-store");
    return outbox.latest(MAILBOX_SIZE);
  });

  app.get<{ Params: { id: string } }>(
    "/dev/mailbox/:id",
    {
      schema: {
        params: { type: "object", required: ["id"], properties: { id: { type: "string", pattern: "^[0-9]{1,9}$" } } },
        response: { 200: messageSchema },
      },
    },
    async (request, reply) => {
      const message = await outbox.find(Number(request.params.id));
      if (!message) throw notFound(`No message ${request.params.id} in the mailbox`);
      reply.header("cache-control", "no-store");
      return message;
    },
  );
}
