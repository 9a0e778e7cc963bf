// The demo blog, in both languages (`{brand}` is filled in by the seed): articles newest first.
// Internal links are site paths without language: the shop's pages localise them.
import type { BlogPage } from "./content.ts";

export const blog: { fr: BlogPage; en: BlogPage } = {
  fr: {
    title: "Le blog",
    intro: "<p>Les histoires derrière nos objets, des conseils de voyage et les nouvelles de la boutique {brand}.</p>",
    seo: {
      title: "Le blog – {brand}",
      description: "Les coulisses des objets {brand}, des conseils pour voyager léger et les nouveautés de la boutique.",
    },
    articles: [
      {
        anchor: "maquette-acajou",
        title: "Dans l'atelier de la maquette en acajou",
        publishedOn: "2026-11-10",
        summary: "Trois semaines de travail à la main pour chaque maquette de bureau : visite de l'atelier qui les sculpte.",
        html: "<p>Chaque maquette de bureau au 1/100 commence par un bloc d'acajou séché pendant deux ans. L'artisan dégrossit le fuselage à la scie, puis le sculpte et le ponce à la main jusqu'à obtenir la silhouette exacte de l'appareil.</p><p>Les ailes sont taillées à part et ajustées au dixième de millimètre, avant cinq couches de vernis poncées l'une après l'autre. Le socle en laiton, tourné dans un atelier voisin, reçoit une plaque gravée.</p><p>Une courte vidéo de la maquette accompagne désormais ses photos sur la fiche produit.</p>",
      },
      {
        anchor: "valise-cabine",
        title: "Bien préparer sa valise cabine",
        publishedOn: "2026-10-15",
        summary: "Liquides, batteries, objets fragiles : ce qui voyage en cabine, ce qui n'y va pas, et comment tout faire tenir.",
        html: "<p>Les liquides voyagent en cabine dans des flacons de 100 ml au plus, rangés dans une pochette transparente d'un litre. Les batteries externes et les cigarettes électroniques restent obligatoirement en cabine, jamais en soute.</p><ul><li>Roulez les vêtements plutôt que de les plier : ils prennent moins de place et se froissent moins.</li><li>Gardez les objets fragiles au centre de la valise, entourés de textile.</li><li>Un adaptateur universel et un oreiller de voyage tiennent dans la poche avant.</li></ul><p>Une question sur un envoi ou un retour ? Notre <a href=\"/faq\">FAQ</a> et la page <a href=\"/livraison\">Livraison</a> y répondent.</p>",
      },
      {
        anchor: "collection-anniversaire",
        title: "La collection anniversaire est arrivée",
        publishedOn: "2026-09-02",
        summary: "Blouson brodé, maquette en livrée rétro, médaille commémorative : des pièces numérotées, en petite série.",
        html: "<p>Pour fêter son anniversaire, la compagnie a imaginé une collection de pièces numérotées, produites en petite série : un blouson brodé, une maquette en livrée d'époque et une médaille commémorative.</p><p>Chaque pièce est limitée à deux exemplaires par commande, pour que le plus grand nombre de passionnés puisse en profiter. Une fois épuisée, une pièce n'est pas rééditée : l'alerte de retour en stock vous prévient si un exemplaire se libère.</p>",
      },
    ],
  },
  en: {
    title: "The blog",
    intro: "<p>The stories behind our goods, travel tips and news from the {brand} shop.</p>",
    seo: {
      title: "The blog – {brand}",
      description: "Behind the scenes of {brand} goods, tips for travelling light and what is new in the shop.",
    },
    articles: [
      {
        anchor: "maquette-acajou",
        title: "In the workshop of the mahogany desk model",
        publishedOn: "2026-11-10",
        summary: "Three weeks of handwork for every desk model: a visit to the workshop that carves them.",
        html: "<p>Every 1:100 desk model starts as a block of mahogany dried for two years. The craftsman roughs out the fuselage with a saw, then carves and sands it by hand until it has the exact outline of the aircraft.</p><p>The wings are cut separately and fitted to a tenth of a millimetre, before five coats of varnish, each sanded in turn. The brass stand, turned in a workshop nearby, gets an engraved plate.</p><p>A short video of the model now comes with its photos on the product page.</p>",
      },
      {
        anchor: "valise-cabine",
        title: "Packing a cabin bag well",
        publishedOn: "2026-10-15",
        summary: "Liquids, batteries, fragile items: what travels in the cabin, what does not, and how to make it all fit.",
        html: "<p>Liquids travel in the cabin in containers of 100 ml at most, packed in a clear one-litre bag. Power banks and e-cigarettes must stay in the cabin, never in the hold.</p><ul><li>Roll your clothes rather than fold them: they take less room and crease less.</li><li>Keep fragile items in the middle of the case, wrapped in clothing.</li><li>A universal adapter and a travel pillow fit in the front pocket.</li></ul><p>A question about a delivery or a return? Our <a href=\"/faq\">FAQ</a> and the <a href=\"/livraison\">Delivery</a> page answer it.</p>",
      },
      {
        anchor: "collection-anniversaire",
        title: "The anniversary collection is here",
        publishedOn: "2026-09-02",
        summary: "An embroidered jacket, a model in retro livery, a commemorative medal: numbered pieces, in small runs.",
        html: "<p>To celebrate its anniversary, the airline designed a collection of numbered pieces made in small runs: an embroidered jacket, a model in a period livery and a commemorative medal.</p><p>Each piece is limited to two per order, so that as many enthusiasts as possible can have one. Once sold out, a piece is not made again: the back-in-stock alert tells you if one becomes available.</p>",
      },
    ],
  },
};
