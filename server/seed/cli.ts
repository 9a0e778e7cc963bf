// `npm run seed [-- --products N] [-- --reset]`: loads the demo catalogue into the configured database.
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { ConfigError, loadConfig } from "../config.ts";
import { openDatabase } from "../db/client.ts";
import { seedIfEmpty } from "./seed.ts";

const USAGE = "usage: npm run seed -- [--products N] [--reset]";

async function main() {
  const { values } = parseArgs({
    options: { products: { type: "string" }, reset: { type: "boolean", default: false }, help: { type: "boolean", default: false } },
  });
  if (values.help) {
    console.log(`${USAGE}\n  --products N  generate variations of the demo products up to N products (e.g. 20000 for benchmarks)\n  --reset       empty the catalogue tables first`);
    return;
  }
  const products = values.products === undefined ? undefined : Number(values.products);
  if (products !== undefined && (!Number.isInteger(products) || products < 1 || products > 1_000_000)) {
    throw new ConfigError(`--products must be a whole number between 1 and 1000000 (${USAGE})`);
  }
  const config = loadConfig();
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await db.migrate();
    if (values.reset) {
      await db.rows(
        sql`truncate categories, attributes, attribute_values, products, product_categories, product_attribute_values,
            variants, variant_attribute_values, pictures, shops, offers, shipment_methods, shipping_zones, marketing_content restart identity cascade`,
      );
    }
    const started = Date.now();
    const seeded = await seedIfEmpty(db, { brandName: config.brandName, products, log: (message) => console.log(message) });
    console.log(
      seeded
        ? `Demo catalogue loaded in ${((Date.now() - started) / 1000).toFixed(1)} s (${db.kind}).`
        : "The catalogue already has products; nothing changed (use --reset to start over).",
    );
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
