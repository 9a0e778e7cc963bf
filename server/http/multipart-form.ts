// Multipart forms as the contract validates them: before validation, a `multipart/form-data`
// request's parts become one object (fields as strings, each allowed file as its text), so the
// operation's schema checks and coerces them as it does a JSON body. Everything is bounded: the
// files allowed by name, type and size, a few small fields; anything else is a 400 naming the part.
import fastifyMultipart from "@fastify/multipart";
import type { FastifyInstance } from "fastify";
import { badRequest } from "./errors.ts";

export interface FileRule {
  /** Largest file accepted, in bytes. */
  maxBytes: number;
  /** Media types accepted (parameters such as `charset` are ignored). */
  contentTypes: readonly string[];
}

export interface MultipartFormOptions {
  /** The file parts allowed, by field name. */
  files: Readonly<Record<string, FileRule>>;
  /** Most non-file fields in one form. */
  maxFields: number;
  /** Largest value of a non-file field, in bytes. */
  maxFieldBytes: number;
}

const kilobytes = (bytes: number) => `${Math.floor(bytes / 1024)} KB`;

export async function registerMultipartForms(app: FastifyInstance, options: MultipartFormOptions): Promise<void> {
  const fileRules = new Map(Object.entries(options.files));
  const maxFileBytes = Math.max(0, ...[...fileRules.values()].map((rule) => rule.maxBytes));
  const limits = {
    fieldNameSize: 100,
    fieldSize: options.maxFieldBytes,
    fields: options.maxFields,
    files: fileRules.size,
    fileSize: maxFileBytes,
    parts: options.maxFields + fileRules.size,
    headerPairs: 20,
  };
  await app.register(fastifyMultipart, { limits });
  const errors = app.multipartErrors;

  /** A limit of the parser as a 400 naming what went over it. */
  function limitError(error: unknown) {
    if (error instanceof errors.FilesLimitError) return badRequest([...fileRules.keys()].join(", ") || "body", "too many files");
    if (error instanceof errors.FieldsLimitError || error instanceof errors.PartsLimitError) return badRequest("body", "too many fields");
    return undefined;
  }

  app.addHook("preValidation", async (request) => {
    if (!request.isMultipart()) return;
    const body = new Map<string, string>();
    try {
      for await (const part of request.parts({ limits })) {
        if (body.has(part.fieldname)) throw badRequest(part.fieldname, "given more than once");
        const rule = fileRules.get(part.fieldname);
        if (part.type === "file") {
          if (!rule) throw badRequest(part.fieldname, "must not be a file");
          const mediaType = (part.mimetype.split(";")[0] ?? "").trim().toLowerCase();
          if (!rule.contentTypes.includes(mediaType)) throw badRequest(part.fieldname, `must be one of ${rule.contentTypes.join(", ")}`);
          let content: Buffer;
          try {
            content = await part.toBuffer();
          } catch (error) {
            if (error instanceof errors.RequestFileTooLargeError) throw badRequest(part.fieldname, `must be at most ${kilobytes(rule.maxBytes)}`);
            throw error;
          }
          if (content.length > rule.maxBytes) throw badRequest(part.fieldname, `must be at most ${kilobytes(rule.maxBytes)}`);
          // Not UTF-8 (an old spreadsheet's export): the bytes that are not turn into replacement characters the caller can point at.
          body.set(part.fieldname, new TextDecoder().decode(content));
        } else {
          if (rule) throw badRequest(part.fieldname, "must be a file");
          if (part.valueTruncated || part.fieldnameTruncated) throw badRequest(part.fieldname, `must be at most ${options.maxFieldBytes} bytes`);
          body.set(part.fieldname, String(part.value));
        }
      }
    } catch (error) {
      throw limitError(error) ?? error;
    }
    request.body = Object.fromEntries(body);
  });
}
