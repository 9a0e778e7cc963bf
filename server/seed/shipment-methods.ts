// The carrier services of SPEC §3 with their delivery times and tax-included prices in cents.
import type * as tables from "../db/schema.ts";

type ShipmentMethodRow = typeof tables.shipmentMethods.$inferInsert;

const method = (
  carrier: string,
  nameFr: string,
  nameEn: string,
  deliveryTime: number,
  priceCents: number,
  deliveryTimeUnit: "DAY" | "HOUR" = "DAY",
): ShipmentMethodRow => ({ carrier, nameFr, nameEn, deliveryTime, deliveryTimeUnit, priceCents });

export const shipmentMethods: ShipmentMethodRow[] = [
  method("DOS", "Colissimo à domicile", "Colissimo home delivery", 2, 590),
  method("CDS", "Colissimo outre-mer", "Colissimo overseas", 7, 1990),
  method("A2P", "Colissimo en point retrait", "Colissimo relay point", 3, 390),
  method("CHRONO13H_BtoC", "Chronopost 13h", "Chronopost by 1 pm", 24, 1490, "HOUR"),
  method("CHRONO13H_BtoB", "Chronopost 13h entreprise", "Chronopost by 1 pm, business", 24, 1490, "HOUR"),
  method("DHL_ECX", "DHL Express Europe", "DHL Express Europe", 2, 2490),
  method("DHL_WPX", "DHL Express international", "DHL Express worldwide", 3, 3990),
  method("K+N_EuroLinkClassic", "Kuehne+Nagel EuroLink Classic", "Kuehne+Nagel EuroLink Classic", 5, 2990),
  method("DELIVENGO_SUIVI", "Delivengo Europe suivi", "Delivengo Europe tracked", 6, 990),
  method("LETTRE SUIVIE", "Lettre suivie", "Tracked letter", 3, 290),
  method("DHL_ESU", "DHL Economy Europe", "DHL Economy Europe", 6, 1490),
  method("CHRONOCLA", "Chronopost Classic international", "Chronopost Classic international", 4, 2290),
  method("CHRONOEXPR", "Chronopost Express international", "Chronopost Express international", 2, 3490),
  method("RETSUPP", "Retrait en boutique", "Store pickup", 2, 0),
];
