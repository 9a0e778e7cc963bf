// The API's error shape `{status, message, code?, fields?}` and the handlers that produce it.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

export interface FieldError {
  field: string;
  message: string;
}

export interface ErrorBody {
  status: number;
  message: string;
  code?: string;
  fields?: FieldError[];
}

/** An error a handler throws on purpose; it becomes a JSON answer with its status. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly fields?: FieldError[],
    /** Headers the answer carries (e.g. Retry-After of a 429). */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const notFound = (message: string, code = "NOT_FOUND") => new HttpError(404, message, code);
export const badRequest = (field: string, message: string) =>
  new HttpError(400, `Invalid ${field}: ${message}`, "VALIDATION_FAILED", [{ field, message }]);
export const conflict = (message: string, code = "CONFLICT") => new HttpError(409, message, code);
export const unauthorized = (message: string, code = "UNAUTHORIZED") => new HttpError(401, message, code);
export const notImplemented = (operationId: string) =>
  new HttpError(501, `Operation ${operationId} is not implemented yet`, "NOT_IMPLEMENTED");

interface ValidationIssue {
  instancePath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
}

const CONTEXT_NAMES: Record<string, string> = {
  querystring: "query",
  params: "path",
  body: "body",
  headers: "header",
};

/** Turns an AJV issue into the name of the field it is about, e.g. `size` or `address.city`. */
function fieldOf(issue: ValidationIssue): string {
  const pointer = issue.instancePath
    .split("/")
    .filter(Boolean)
    .map((part) => part.replace(/~1/g, "/").replace(/~0/g, "~"));
  const missing = issue.params.missingProperty;
  if (typeof missing === "string") pointer.push(missing);
  const extra = issue.params.additionalProperty;
  if (typeof extra === "string") pointer.push(extra);
  return pointer.join(".");
}

function validationBody(error: FastifyError): ErrorBody {
  const issues = (error.validation ?? []) as ValidationIssue[];
  const context = CONTEXT_NAMES[error.validationContext ?? ""] ?? "request";
  const fields = issues.map((issue) => ({
    field: fieldOf(issue) || context,
    message: issue.message ?? issue.keyword,
  }));
  const first = fields[0];
  const message = first
    ? first.field === context
      ? `Invalid ${context}: ${first.message}`
      : `Invalid ${context} field '${first.field}': ${first.message}`
    : `Invalid ${context}`;
  return { status: 400, message, code: "VALIDATION_FAILED", fields };
}

function toErrorBody(error: FastifyError | HttpError | Error): ErrorBody {
  if (error instanceof HttpError) {
    return {
      status: error.status,
      message: error.message,
      ...(error.code ? { code: error.code } : {}),
      ...(error.fields ? { fields: error.fields } : {}),
    };
  }
  const fastifyError = error as FastifyError;
  if (fastifyError.validation) return validationBody(fastifyError);
  const status = fastifyError.statusCode;
  if (status !== undefined && status >= 400 && status < 500) {
    return { status, message: fastifyError.message, ...(fastifyError.code ? { code: fastifyError.code } : {}) };
  }
  return { status: 500, message: "Internal server error", code: "INTERNAL" };
}

/** The JSON 404 of an address no route serves. */
export function noRouteBody(request: FastifyRequest): ErrorBody {
  return { status: 404, message: `No route for ${request.method} ${request.url.split("?")[0]}`, code: "NO_ROUTE" };
}

export function registerErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request: FastifyRequest, reply: FastifyReply) => {
    const body = toErrorBody(error);
    if (body.status >= 500 && body.status !== 501 && body.status !== 502) {
      request.log.error({ err: error }, "request failed");
    }
    if (error instanceof HttpError && error.headers) reply.headers(error.headers);
    return reply.status(body.status).type("application/json").send(body);
  });
}
