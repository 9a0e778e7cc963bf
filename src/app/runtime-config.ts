// Reads the runtime configuration from the server when the page did not carry it inline.
import type { RuntimeConfig } from "../../common/runtime-config.ts";

export async function fetchRuntimeConfig(fetcher: typeof fetch = fetch): Promise<RuntimeConfig> {
  const response = await fetcher("/runtime-config.json", { headers: { accept: "application/json" } });
  if (!response.ok) throw new Error(`runtime configuration unavailable (${response.status})`);
  return (await response.json()) as RuntimeConfig;
}
