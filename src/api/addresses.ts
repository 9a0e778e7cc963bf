// The customer's address book (SPEC §3 Address, §7 customers/address): saved from the account's
// address book and from the checkout's shipping step. Each call answers the updated customer or
// rejects with an ApiError; `addressSaveErrorMessage` is SPEC §8's message for a refusal.
import type { components } from "../../common/api/schema.gen.ts";
import { formErrorId } from "../../machines/auth/auth.machine.ts";
import { apiLocaleOf, type Lang } from "../i18n/i18n.ts";
import { isApiError, unwrap, type ApiClient } from "./client.ts";

export type Customer = components["schemas"]["Customer"];
export type Address = components["schemas"]["Address"];
export type AddressInput = components["schemas"]["AddressInput"];

/**
 * POST customers/address: adds the address (409 when the name is taken), or with `replace` edits
 * the saved address of that name; the flags move the defaults.
 */
export function saveCustomerAddress(
  api: ApiClient,
  lang: Lang,
  address: AddressInput,
  options: { defaultShipping: boolean; defaultBilling: boolean; replace: boolean },
): Promise<Customer> {
  return unwrap(api.POST("/customers/address", { params: { query: { locale: apiLocaleOf(lang), ...options } }, body: address }));
}

/** DELETE customers/address/{name}: a default pointing to it is cleared by the server. */
export function deleteCustomerAddress(api: ApiClient, lang: Lang, name: string): Promise<Customer> {
  return unwrap(api.DELETE("/customers/address/{name}", { params: { path: { name }, query: { locale: apiLocaleOf(lang) } } }));
}

/** The address book as the pages list it: by name, descending (SPEC §3). */
export function sortAddresses(addresses: readonly Address[]): Address[] {
  return [...addresses].sort((a, b) => (a.name < b.name ? 1 : a.name > b.name ? -1 : 0));
}

/** A saved address as the contract takes it back (to save it again, or to copy it onto a cart). */
/** The address just saved, as the server keeps it: by its name, or by its street when the server named it. */
export function savedAddressOf(customer: Customer, address: AddressInput): Address | undefined {
  return customer.addresses.find((item) => item.name === address.name) ?? sortAddresses(customer.addresses).find((item) => item.street === address.street);
}

/** SPEC §3: the customer's default delivery and billing addresses, as their book names them. */
export function defaultAddressesOf(customer: Customer): { shipping: Address | null; billing: Address | null } {
  const byName = (name: string | null) => (name === null ? null : (customer.addresses.find((address) => address.name === name) ?? null));
  return { shipping: byName(customer.defaultShippingAddress), billing: byName(customer.defaultBillingAddress) };
}

export function addressInputOf(address: Address, phone: string): AddressInput {
  return {
    name: address.name,
    company: address.company,
    firstName: address.firstName,
    lastName: address.lastName,
    street: address.street,
    city: address.city,
    postCode: address.postCode,
    country: address.country,
    phone,
    email: address.email,
    website: address.website,
    latitude: address.latitude,
    longitude: address.longitude,
  };
}

/** Saving an address: SPEC §8 maps "address add" like login, register and forgot. */
export function addressSaveErrorMessage(error: unknown): string {
  // A refused field (overseas postcode, phone, country): the form shows which.
  if (isApiError(error) && error.status === 400) return "addressForm.invalid";
  return formErrorId("personal", error);
}
