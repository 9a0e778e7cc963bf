// Binds the operations of openapi/storefront.yaml to their handlers. The contract is the
// routing table and the validation schema: a request that does not fit it never reaches a handler.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from "fastify";
import openapiGlue from "fastify-openapi-glue";
import { parse } from "yaml";
import type { operations } from "../../common/api/schema.gen.ts";
import { notImplemented, unauthorized } from "./errors.ts";

const CONTRACT_PATH = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../openapi/storefront.yaml");
const API_PREFIX = "/api/v1";

type OperationId = keyof operations;

const HTTP_METHODS = ["get", "put", "post", "delete", "patch", "head", "options"] as const;

export interface ContractOperation {
  operationId: string;
  method: string;
  path: string;
  /** False when the operation declares `security: []`. */
  requiresStorefrontToken: boolean;
}

interface OperationObject {
  operationId?: string;
  security?: unknown[];
}

export interface ContractDocument {
  paths: Record<string, Partial<Record<(typeof HTTP_METHODS)[number], OperationObject>>>;
  security?: unknown[];
  [key: string]: unknown;
}

let cached: ContractDocument | undefined;

export function loadContract(): ContractDocument {
  cached ??= parse(readFileSync(CONTRACT_PATH, "utf8")) as ContractDocument;
  return cached;
}

export function listOperations(contract: ContractDocument = loadContract()): ContractOperation[] {
  const globallySecured = (contract.security ?? []).length > 0;
  return Object.entries(contract.paths).flatMap(([route, item]) =>
    HTTP_METHODS.flatMap((method) => {
      const operation = item[method];
      if (!operation?.operationId) return [];
      const secured = operation.security ? operation.security.length > 0 : globallySecured;
      return [{ operationId: operation.operationId, method: method.toUpperCase(), path: route, requiresStorefrontToken: secured }];
    }),
  );
}

// ---- typed handlers -------------------------------------------------------------------------

type Field<T, K extends PropertyKey> = T extends { [P in K]?: infer V } ? V : never;
type Parameters<Op extends OperationId> = Field<operations[Op], "parameters">;
type JsonBody<T> = T extends { content: { "application/json": infer B } } ? B : never;
type SuccessStatus = 200 | 201 | 202 | 204;
type Success<Op extends OperationId> = {
  [S in SuccessStatus & keyof Field<operations[Op], "responses">]: Field<operations[Op], "responses">[S];
}[SuccessStatus & keyof Field<operations[Op], "responses">];

type QueryOf<Op extends OperationId> = NonNullable<Field<Parameters<Op>, "query">>;
type PathOf<Op extends OperationId> = NonNullable<Field<Parameters<Op>, "path">>;
type FormBody<T> = T extends { content: { "multipart/form-data": infer B } } ? B : never;
/** A JSON body, or a form's fields once the multipart hook (multipart-form.ts) made them an object. */
type BodyOf<Op extends OperationId> =
  | JsonBody<NonNullable<Field<operations[Op], "requestBody">>>
  | FormBody<NonNullable<Field<operations[Op], "requestBody">>>;
export type ResultOf<Op extends OperationId> = JsonBody<Success<Op>>;

type OperationRequest<Op extends OperationId> = FastifyRequest<{
  Querystring: QueryOf<Op>;
  Params: PathOf<Op>;
  Body: BodyOf<Op>;
}>;

/** A handler of one operation: typed request in, the operation's success body out. */
type OperationHandler<Op extends OperationId> = (
  request: OperationRequest<Op>,
  reply: FastifyReply,
) => Promise<ResultOf<Op> | FastifyReply>;

export type OperationHandlers = { [Op in OperationId]?: OperationHandler<Op> };

// ---- registration ---------------------------------------------------------------------------

export interface ContractRoutesOptions {
  handlers: OperationHandlers;
  /** Operations owned by issues still open: they answer 501 with the JSON error shape. */
  pending: readonly string[];
  storefrontToken: string;
}

function tokenMatches(header: string | undefined, expected: Buffer): boolean {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? "");
  if (!match?.[1]) return false;
  const given = Buffer.from(match[1]);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Checks that every operation has exactly one of a handler or a pending entry, and nothing else. */
export function checkBindings(operationIds: readonly string[], options: Pick<ContractRoutesOptions, "handlers" | "pending">): string[] {
  const known = new Set(operationIds);
  const handled = new Set(Object.keys(options.handlers));
  const pending = new Set(options.pending);
  const problems: string[] = [];
  for (const id of operationIds) {
    if (!handled.has(id) && !pending.has(id)) problems.push(`operation ${id} has no handler`);
    if (handled.has(id) && pending.has(id)) problems.push(`operation ${id} has a handler and is listed as pending`);
  }
  for (const id of handled) if (!known.has(id)) problems.push(`handler ${id} matches no operation`);
  for (const id of pending) if (!known.has(id)) problems.push(`pending ${id} matches no operation`);
  return problems;
}

export async function registerContractRoutes(app: FastifyInstance, options: ContractRoutesOptions): Promise<void> {
  const contract = loadContract();
  const operations = listOperations(contract);
  const problems = checkBindings(
    operations.map((operation) => operation.operationId),
    options,
  );
  if (problems.length > 0) throw new Error(`The API does not match its contract: ${problems.join("; ")}`);

  const expected = Buffer.from(options.storefrontToken);
  const byId = new Map(operations.map((operation) => [operation.operationId, operation]));
  const checkToken = async (request: FastifyRequest) => {
    if (!tokenMatches(request.headers.authorization, expected)) {
      throw unauthorized("Missing or invalid storefront token", "STOREFRONT_TOKEN_INVALID");
    }
  };
  const handlers: Record<string, unknown> = options.handlers;

  await app.register(openapiGlue, {
    specification: contract,
    prefix: API_PREFIX,
    operationResolver: (operationId: string, method: string, openapiPath: string): RouteOptions => {
      const handler = handlers[operationId];
      return {
        method: method.toUpperCase(),
        url: openapiPath.replace(/{(\w+)}/g, ":$1"),
        onRequest: byId.get(operationId)?.requiresStorefrontToken === false ? [] : [checkToken],
        handler:
          typeof handler === "function"
            ? (handler as RouteOptions["handler"])
            : async () => {
                throw notImplemented(operationId);
              },
      };
    },
  });
}
