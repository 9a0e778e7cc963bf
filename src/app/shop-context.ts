// What most views need from the app: the API client, the query cache and the runtime configuration
// (the page's language: src/i18n/use-lang.ts).
import { useRouter } from "@tanstack/react-router";

/** The router context: `api`, `queryClient`, `config`. */
export function useShopContext() {
  return useRouter().options.context;
}
