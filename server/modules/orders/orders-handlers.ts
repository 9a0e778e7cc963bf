// Handlers of the orders operations: a signed-in customer reads their own orders and invoices
// (401 for a guest); another customer's order, or an id, uuid or reference that names none,
// answers the same 404.
import type { OperationHandlers } from "../../http/contract.ts";
import { requireCustomer } from "../../http/customer-session.ts";
import { conflict, notFound } from "../../http/errors.ts";
import type { CustomerSessions } from "../../platform/sessions.ts";
import { langOf } from "../catalog/locale.ts";
import { invoiceFilename, invoicePdf, type Seller } from "./invoice-pdf.ts";
import type { OrderSortField, OrdersRepository, SortDirection } from "./orders-repository.ts";

/** SPEC §9: orders 10 (the contract's default page size). */
const ORDERS_PAGE_SIZE = 10;
const DEFAULT_SORT = "paymentDate,desc";

const orderNotFound = () => notFound("No such order");

function found<T>(order: T | null): T {
  if (order === null) throw orderNotFound();
  return order;
}

function sortOf(value: string | undefined): { sort: OrderSortField; direction: SortDirection } {
  // The contract's pattern let only these through; the default covers an absent value.
  const [field, direction] = (value ?? DEFAULT_SORT).split(",");
  const sort: OrderSortField = field === "createdAt" || field === "reference" ? field : "paymentDate";
  return { sort, direction: direction === "asc" ? "asc" : "desc" };
}

export function ordersHandlers(deps: { orders: OrdersRepository; sessions: CustomerSessions; seller: Seller }): OperationHandlers {
  const { orders, sessions, seller } = deps;
  return {
    async listOrders(request, reply) {
      const customer = await requireCustomer(sessions, request, reply);
      const { page, size, sort, locale } = request.query;
      return orders.page(customer.id, { page: page ?? 0, size: size ?? ORDERS_PAGE_SIZE, ...sortOf(sort), lang: langOf(locale) });
    },

    async listCustomerOrders(request, reply) {
      const customer = await requireCustomer(sessions, request, reply);
      const { size, locale } = request.query;
      const latest = await orders.page(customer.id, { page: 0, size: size ?? ORDERS_PAGE_SIZE, ...sortOf(undefined), lang: langOf(locale) });
      return latest.content;
    },

    async getOrder(request, reply) {
      const customer = await requireCustomer(sessions, request, reply);
      return found(await orders.find(customer.id, { id: request.params.id }, langOf(request.query.locale)));
    },

    async getOrderByUuid(request, reply) {
      const customer = await requireCustomer(sessions, request, reply);
      return found(await orders.find(customer.id, { uuid: request.params.uuid }, langOf(request.query.locale)));
    },

    async getOrderByReference(request, reply) {
      const customer = await requireCustomer(sessions, request, reply);
      return found(await orders.find(customer.id, { reference: request.params.reference }, langOf(request.query.locale)));
    },

    async downloadOrderInvoice(request, reply) {
      const customer = await requireCustomer(sessions, request, reply);
      const lang = langOf(request.query.locale);
      const order = await orders.find(customer.id, { id: request.params.id }, lang);
      if (!order) throw orderNotFound();
      if (order.invoiceNumber === null) throw conflict("The order has no invoice yet", "INVOICE_NOT_AVAILABLE");
      const pdf = await invoicePdf({ order, buyer: await orders.buyer(customer.id), seller, lang });
      return reply
        .type("application/pdf")
        .header("content-disposition", `attachment; filename="${invoiceFilename(order.invoiceNumber, lang)}"`)
        .header("cache-control", "private, no-store")
        .send(pdf);
    },
  };
}
