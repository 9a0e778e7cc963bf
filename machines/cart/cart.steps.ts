// The cart's paths in the shop's words (product.addToCart, cart.*, addToCart.*, coupon.*).
import { defineFlowSteps, type Words } from "../shared/flow-steps.ts";
import { CART_GONE_ERROR, COUPON_APPLIED_ERROR, COUPON_UNKNOWN_ERROR, NO_ANSWER_ERROR, SAMPLE_COUPON, cartModel } from "./cart.model.ts";
import type { Cart } from "./cart.types.ts";

const PRODUCT = { fr: "« Trousse de voyage »", en: "“Trousse de voyage”" };

function items(count: number): Words {
  return { fr: count <= 1 ? `${count} article` : `${count} articles`, en: count === 1 ? "1 item" : `${count} items` };
}

/** The cart the page shows when the shopper acts, as they read it. */
function shown(cart: Cart | null): Words {
  if (cart === null) return { fr: "sans panier", en: "with no cart" };
  const count = items(cart.cartItems[0]?.quantity ?? 0);
  return cart.coupon
    ? { fr: `panier de ${count.fr}, code ${cart.coupon.code} appliqué`, en: `cart of ${count.en}, code ${cart.coupon.code} applied` }
    : { fr: `panier de ${count.fr}`, en: `cart of ${count.en}` };
}

function answeredCart(cart: Cart | null | undefined): Words {
  if (cart === null || cart === undefined) return { fr: "(le serveur répond : pas de panier)", en: "(the server answers: no cart)" };
  const { fr, en } = shown(cart);
  return { fr: `(le serveur renvoie le ${fr})`, en: `(the server sends back the ${en})` };
}

function refusal(error: unknown): Words {
  if (error === CART_GONE_ERROR) return { fr: "(le serveur ne connaît plus ce panier)", en: "(the server no longer knows this cart)" };
  if (error === NO_ANSWER_ERROR) return { fr: "(pas de réponse : le réseau est coupé)", en: "(no answer: the network is down)" };
  if (error === COUPON_APPLIED_ERROR) return { fr: "(le serveur répond : « Un code promo est déjà appliqué à votre panier. »)", en: "(the server answers: “A promo code is already applied to your cart.”)" };
  if (error === COUPON_UNKNOWN_ERROR) return { fr: "(le serveur répond : « Ce code promo n’est pas valable pour votre panier. »)", en: "(the server answers: “This promo code is not valid for your cart.”)" };
  if (JSON.stringify(error).includes("QUANTITY_EXCEEDS_STOCK")) return { fr: "(le serveur refuse : stock insuffisant)", en: "(the server refuses: not enough stock)" };
  return { fr: "(le serveur échoue)", en: "(the server fails)" };
}

export const cartSteps = defineFlowSteps(cartModel, {
  states: {
    "data.awaitingSession": { fr: "la session enregistrée du client se vérifie, le panier l’attend", en: "the customer’s stored session is being checked, the cart waits for it" },
    "data.loading": { fr: "le panier enregistré se charge", en: "the stored cart loads" },
    "data.loadingCustomerCart": { fr: "le panier du client se charge", en: "the customer’s cart loads" },
    "data.ready": (snapshot) =>
      snapshot.context.cartId === null ? { fr: "la boutique n’a pas de panier", en: "the shop has no cart" } : { fr: "le panier est prêt", en: "the cart is ready" },
    "data.updating": { fr: "la nouvelle quantité part au serveur", en: "the new quantity goes to the server" },
    "data.clearing": { fr: "le panier est en train d’être vidé", en: "the cart is being cleared" },
    "data.applyingCoupon": { fr: "le code promo part au serveur", en: "the promo code goes to the server" },
    "data.removingCoupon": { fr: "le retrait du code part au serveur", en: "the code’s removal goes to the server" },
    "sidebar.closed": { fr: "", en: "" },
    "sidebar.open": { fr: "le volet « Mon panier » est ouvert", en: "the “My cart” sidebar is open" },
    "productModal.closed": { fr: "", en: "" },
    "productModal.added": { fr: "la fenêtre « Produit ajouté au panier » s’ouvre", en: "the “Product added to your cart” modal opens" },
    "productModal.removed": { fr: "la fenêtre « Produit retiré du panier » s’ouvre", en: "the “Product removed from your cart” modal opens" },
  },
  event: (event, before) => {
    const restoring = before.matches({ data: "awaitingSession" });
    switch (event.type) {
      case "cart.add": {
        const count = items(event.quantity);
        return {
          fr: `Choisir ${count.fr} de ${PRODUCT.fr} (stock ${event.offer.stockQuantity}) et cliquer sur « Ajouter au panier » (${shown(event.cart).fr})`,
          en: `Choose ${count.en} of ${PRODUCT.en} (stock ${event.offer.stockQuantity}) and click “Add to cart” (${shown(event.cart).en})`,
        };
      }
      case "cart.update":
        return { fr: `Passer la quantité à ${event.quantity} (${shown(event.cart).fr})`, en: `Set the quantity to ${event.quantity} (${shown(event.cart).en})` };
      case "cart.remove":
        return { fr: `Cliquer sur « Retirer » (${shown(event.cart).fr})`, en: `Click “Remove” (${shown(event.cart).en})` };
      case "cart.clear":
        return { fr: "Cliquer sur « Vider le panier »", en: "Click “Clear cart”" };
      case "cart.applyCoupon":
        return {
          fr: `Saisir le code « ${SAMPLE_COUPON} » et cliquer sur « Appliquer » (${shown(event.cart).fr})`,
          en: `Type the code “${SAMPLE_COUPON}” and click “Apply” (${shown(event.cart).en})`,
        };
      case "cart.removeCoupon":
        return { fr: `Cliquer sur « Retirer le code » (${shown(event.cart).fr})`, en: `Click “Remove the code” (${shown(event.cart).en})` };
      case "cart.openSidebar":
        return { fr: "Cliquer sur « Panier » dans l’en-tête", en: "Click “Cart” in the header" };
      case "cart.closeSidebar":
        return { fr: "Fermer le volet du panier", en: "Close the cart sidebar" };
      case "cart.closeProductModal":
        return { fr: "Cliquer sur « Continuer mes achats »", en: "Click “Continue shopping”" };
      case "cart.ordered":
        return { fr: "Une commande est passée avec ce panier", en: "An order is placed from this cart" };
      case "customer.signedIn":
        if (restoring) {
          return event.customerGroup === "GENERAL_PUBLIC"
            ? { fr: "Le serveur reconnaît la session d’un client grand public", en: "The server recognises a General public customer’s session" }
            : { fr: "Le serveur reconnaît la session d’un client salarié de la compagnie", en: "The server recognises an airline employee customer’s session" };
        }
        return event.customerGroup === "GENERAL_PUBLIC"
          ? { fr: "Un client grand public se connecte", en: "A General public customer signs in" }
          : { fr: "Un client salarié de la compagnie se connecte", en: "An airline employee customer signs in" };
      case "customer.signedOut":
        return restoring
          ? {
              fr: "Le serveur refuse la session (fermée ailleurs) : « Vous avez été déconnecté. Veuillez vous connecter à nouveau. »",
              en: "The server refuses the session (signed out elsewhere): “You have been disconnected. Please sign in again.”",
            }
          : { fr: "Le client se déconnecte", en: "The customer signs out" };
      case "customer.notRestored":
        return { fr: "Le serveur ne peut pas vérifier la session (il échoue)", en: "The server cannot check the session (it fails)" };
      case "xstate.done.actor.fetchCart":
      case "xstate.done.actor.fetchCustomerCart":
      case "xstate.done.actor.setOfferQuantity":
      case "xstate.done.actor.setCoupon":
      case "xstate.done.actor.removeCoupon":
        return answeredCart(isCartOrNull(event.output));
      case "xstate.done.actor.deleteCart":
        return { fr: "(le serveur supprime le panier)", en: "(the server deletes the cart)" };
      case "xstate.error.actor.fetchCart":
      case "xstate.error.actor.fetchCustomerCart":
      case "xstate.error.actor.setOfferQuantity":
      case "xstate.error.actor.setCoupon":
      case "xstate.error.actor.removeCoupon":
      case "xstate.error.actor.deleteCart":
        return refusal(event.error);
      default:
        return undefined;
    }
  },
});

function isCart(value: unknown): value is Cart {
  return typeof value === "object" && value !== null && "cartItems" in value && "uuid" in value;
}

function isCartOrNull(value: unknown): Cart | null | undefined {
  return value === null || isCart(value) ? value : undefined;
}
