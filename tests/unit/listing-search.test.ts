// The listing and search pages' address parameters: what the routes' validateSearch makes of an
// address (read as the router reads it), and how a listing state is written back.
import type * as v from "valibot";
import { describe, expect, it } from "vitest";
import { searchPageSearchSchema } from "../../src/features/search/search-params.ts";
import { parseSearch, stringifySearch } from "../../src/routes/search-string.ts";
import { listingSearchSchema, listingStateOf, toListingParams } from "../../src/ui/listing/listing-search.ts";

/** What a route with this schema gives its page for an address's query string. */
function validated<Output>(schema: v.GenericSchema<unknown, Output>, query: string): Output {
  const result = schema["~standard"].validate(parseSearch(query));
  if (result instanceof Promise || result.issues) throw new Error(`validation failed for ${query}`);
  return result.value;
}

describe("listing search parameters", () => {
  it("keeps valid values", () => {
    expect(validated(listingSearchSchema, "?page=3&itemsPerPage=12&sort=price.desc&filters=color:navy&filters=size:M")).toEqual({
      page: 3,
      itemsPerPage: 12,
      sort: "price.desc",
      filters: ["color:navy", "size:M"],
    });
  });

  it("falls back to the defaults for values that do not fit, without failing", () => {
    const search = validated(listingSearchSchema, "?page=-2&itemsPerPage=13&sort=cheapest&filters=nonsense");
    expect(search).toEqual({ page: undefined, itemsPerPage: undefined, sort: undefined, filters: undefined });
    expect(listingStateOf(search)).toEqual({ page: 1, itemsPerPage: 24, sort: undefined, filters: [] });
    expect(validated(listingSearchSchema, "?page=abc").page).toBeUndefined();
    expect(validated(listingSearchSchema, "?page=2.5").page).toBeUndefined();
    expect(validated(listingSearchSchema, "?page=10002").page).toBeUndefined();
    expect(validated(listingSearchSchema, '?page={"x":1}').page).toBeUndefined();
    expect(validated(listingSearchSchema, "?sort=[1,2]").sort).toBeUndefined();
  });

  it("reads the filters in the older JSON form too, keeping the well-formed ones once", () => {
    const json = encodeURIComponent(JSON.stringify(["color:navy", "color:navy", "bad", 3, "size:M"]));
    expect(validated(listingSearchSchema, `?filters=${json}`).filters).toEqual(["color:navy", "size:M"]);
    expect(validated(listingSearchSchema, "?filters=color:navy").filters).toEqual(["color:navy"]);
  });

  it("caps the number of filters", () => {
    const many = Array.from({ length: 30 }, (_, index) => `filters=color:c${index}`).join("&");
    expect(validated(listingSearchSchema, `?${many}`).filters).toHaveLength(20);
  });

  it("turns a state into the API's parameters (zero-based page, API sort)", () => {
    expect(toListingParams(listingStateOf(validated(listingSearchSchema, "?page=2&sort=name.desc")))).toEqual({
      page: 1,
      size: 24,
      sort: "name,desc",
      filters: [],
    });
  });
});

describe("search page parameters", () => {
  it("trims the term and reads number-looking terms as text", () => {
    expect(validated(searchPageSearchSchema, "?searchTerm=%20valise%20").searchTerm).toBe("valise");
    expect(validated(searchPageSearchSchema, "?searchTerm=1664").searchTerm).toBe("1664");
    expect(validated(searchPageSearchSchema, "?searchTerm=true").searchTerm).toBe("true");
    expect(validated(searchPageSearchSchema, `?searchTerm=${"a".repeat(150)}`).searchTerm).toHaveLength(100);
  });

  it("validates the listing's parameters beside the term", () => {
    expect(validated(searchPageSearchSchema, "?searchTerm=mug&page=0&sort=relevance")).toEqual({
      searchTerm: "mug",
      page: undefined,
      itemsPerPage: undefined,
      sort: undefined,
      filters: undefined,
    });
  });
});

describe("search parameters in the address", () => {
  it("writes filters as repeated readable keys, which read back as the same list", () => {
    const written = stringifySearch({ sort: "price.asc", filters: ["color:navy", "size:M"] });
    expect(written).toBe("?sort=price.asc&filters=color:navy&filters=size:M");
    expect(validated(listingSearchSchema, written).filters).toEqual(["color:navy", "size:M"]);
  });

  it("writes a single filter that reads back as that filter", () => {
    const written = stringifySearch({ filters: ["color:navy"] });
    expect(written).toBe("?filters=color:navy");
    expect(validated(listingSearchSchema, written).filters).toEqual(["color:navy"]);
  });

  it("keeps the router's form for everything else", () => {
    expect(stringifySearch({ page: 2, searchTerm: "valise cabine" })).toBe("?page=2&searchTerm=valise+cabine");
    expect(stringifySearch({})).toBe("");
    // Lists whose items would read back as numbers stay JSON.
    expect(parseSearch(stringifySearch({ ids: ["1", "2"] }))).toEqual({ ids: ["1", "2"] });
  });
});
