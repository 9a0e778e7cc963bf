// How a product card puts a simple product in the cart. The app's cart (src/app/cart.tsx) provides
// it; kept apart from the card so the shell does not load the card to provide it.
import { createContext } from "react";
import type { components } from "../../common/api/schema.gen.ts";

type Offer = components["schemas"]["Offer"];

export interface CardAddToCart {
  add: (offer: Offer, quantity: number) => void;
  /** A cart request is in flight. */
  busy: boolean;
}

export const CardAddToCartContext = createContext<CardAddToCart | null>(null);
