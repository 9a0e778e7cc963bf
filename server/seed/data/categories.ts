import type { SeedCategory } from "../types.ts";

/**
 * Category tree of the shop: seven top-level universes, three levels deep.
 * Keys are dotted and stable; slugs are lowercase ascii and unique among siblings.
 */
export const categoryTree: SeedCategory[] = [
  {
    key: "travel",
    slug: { fr: "voyage", en: "travel" },
    label: { fr: "Voyage", en: "Travel" },
    children: [
      {
        key: "travel.luggage",
        slug: { fr: "bagagerie", en: "luggage" },
        label: { fr: "Bagagerie", en: "Luggage" },
        children: [
          {
            key: "travel.luggage.cabin",
            slug: { fr: "valises-cabine", en: "cabin-suitcases" },
            label: { fr: "Valises cabine", en: "Cabin suitcases" },
          },
          {
            key: "travel.luggage.checked",
            slug: { fr: "valises-soute", en: "checked-suitcases" },
            label: { fr: "Valises soute", en: "Checked suitcases" },
          },
          {
            key: "travel.luggage.bags",
            slug: { fr: "sacs-de-voyage", en: "travel-bags" },
            label: { fr: "Sacs de voyage", en: "Travel bags" },
          },
        ],
      },
      {
        key: "travel.comfort",
        slug: { fr: "confort-a-bord", en: "onboard-comfort" },
        label: { fr: "Confort à bord", en: "Onboard comfort" },
        children: [
          {
            key: "travel.comfort.pillows",
            slug: { fr: "oreillers-de-voyage", en: "travel-pillows" },
            label: { fr: "Oreillers de voyage", en: "Travel pillows" },
          },
          {
            key: "travel.comfort.amenity-kits",
            slug: { fr: "trousses-de-confort", en: "amenity-kits" },
            label: { fr: "Trousses de confort", en: "Amenity kits" },
          },
          {
            key: "travel.comfort.sleep",
            slug: { fr: "nuit-a-bord", en: "sleep-on-board" },
            label: { fr: "Nuit à bord", en: "Sleep on board" },
          },
        ],
      },
      {
        key: "travel.accessories",
        slug: { fr: "accessoires-de-voyage", en: "travel-accessories" },
        label: { fr: "Accessoires de voyage", en: "Travel accessories" },
        children: [
          {
            key: "travel.accessories.tags",
            slug: { fr: "etiquettes-et-sangles", en: "tags-and-straps" },
            label: { fr: "Étiquettes et sangles", en: "Tags and straps" },
          },
          {
            key: "travel.accessories.passport",
            slug: { fr: "porte-passeports-et-portefeuilles", en: "passport-covers-and-wallets" },
            label: { fr: "Porte-passeports et portefeuilles", en: "Passport covers and wallets" },
          },
          {
            key: "travel.accessories.tech",
            slug: { fr: "high-tech-nomade", en: "travel-tech" },
            label: { fr: "High-tech nomade", en: "Travel tech" },
          },
        ],
      },
    ],
  },
  {
    key: "clothing",
    slug: { fr: "vetements", en: "clothing" },
    label: { fr: "Vêtements", en: "Clothing" },
    children: [
      {
        key: "clothing.women",
        slug: { fr: "femme", en: "women" },
        label: { fr: "Femme", en: "Women" },
        children: [
          {
            key: "clothing.women.tops",
            slug: { fr: "hauts", en: "tops" },
            label: { fr: "Hauts", en: "Tops" },
          },
          {
            key: "clothing.women.outerwear",
            slug: { fr: "vestes-et-manteaux", en: "jackets-and-coats" },
            label: { fr: "Vestes et manteaux", en: "Jackets and coats" },
          },
        ],
      },
      {
        key: "clothing.men",
        slug: { fr: "homme", en: "men" },
        label: { fr: "Homme", en: "Men" },
        children: [
          {
            key: "clothing.men.polos",
            slug: { fr: "polos", en: "polo-shirts" },
            label: { fr: "Polos", en: "Polo shirts" },
          },
          {
            key: "clothing.men.sweatshirts",
            slug: { fr: "sweats-et-pulls", en: "sweatshirts-and-jumpers" },
            label: { fr: "Sweats et pulls", en: "Sweatshirts and jumpers" },
          },
          {
            key: "clothing.men.jackets",
            slug: { fr: "blousons-et-vestes", en: "jackets" },
            label: { fr: "Blousons et vestes", en: "Jackets" },
          },
        ],
      },
      {
        key: "clothing.accessories",
        slug: { fr: "accessoires-de-mode", en: "fashion-accessories" },
        label: { fr: "Accessoires de mode", en: "Fashion accessories" },
        children: [
          {
            key: "clothing.accessories.caps",
            slug: { fr: "casquettes-et-bonnets", en: "caps-and-hats" },
            label: { fr: "Casquettes et bonnets", en: "Caps and hats" },
          },
          {
            key: "clothing.accessories.scarves",
            slug: { fr: "echarpes-et-foulards", en: "scarves" },
            label: { fr: "Écharpes et foulards", en: "Scarves" },
          },
          {
            key: "clothing.accessories.watches",
            slug: { fr: "montres-et-lunettes", en: "watches-and-sunglasses" },
            label: { fr: "Montres et lunettes", en: "Watches and sunglasses" },
          },
        ],
      },
    ],
  },
  {
    key: "home",
    slug: { fr: "maison", en: "home" },
    label: { fr: "Maison", en: "Home" },
    children: [
      {
        key: "home.tableware",
        slug: { fr: "art-de-la-table", en: "tableware" },
        label: { fr: "Art de la table", en: "Tableware" },
        children: [
          {
            key: "home.tableware.mugs",
            slug: { fr: "mugs-et-tasses", en: "mugs-and-cups" },
            label: { fr: "Mugs et tasses", en: "Mugs and cups" },
          },
          {
            key: "home.tableware.plates",
            slug: { fr: "assiettes-et-couverts", en: "plates-and-cutlery" },
            label: { fr: "Assiettes et couverts", en: "Plates and cutlery" },
          },
          {
            key: "home.tableware.glassware",
            slug: { fr: "verres-et-carafes", en: "glassware" },
            label: { fr: "Verres et carafes", en: "Glassware" },
          },
        ],
      },
      {
        key: "home.textiles",
        slug: { fr: "linge-de-maison", en: "home-textiles" },
        label: { fr: "Linge de maison", en: "Home textiles" },
        children: [
          {
            key: "home.textiles.blankets",
            slug: { fr: "plaids", en: "throws-and-blankets" },
            label: { fr: "Plaids", en: "Throws and blankets" },
          },
          {
            key: "home.textiles.cushions",
            slug: { fr: "coussins", en: "cushions" },
            label: { fr: "Coussins", en: "Cushions" },
          },
          {
            key: "home.textiles.towels",
            slug: { fr: "linge-de-bain", en: "towels" },
            label: { fr: "Linge de bain", en: "Towels" },
          },
        ],
      },
      {
        key: "home.decor",
        slug: { fr: "decoration", en: "decor" },
        label: { fr: "Décoration", en: "Decor" },
        children: [
          {
            key: "home.decor.posters",
            slug: { fr: "affiches", en: "posters" },
            label: { fr: "Affiches", en: "Posters" },
          },
          {
            key: "home.decor.objects",
            slug: { fr: "objets-deco", en: "decorative-objects" },
            label: { fr: "Objets déco", en: "Decorative objects" },
          },
        ],
      },
    ],
  },
  {
    key: "collectibles",
    slug: { fr: "miniatures-et-collection", en: "miniatures-and-collectibles" },
    label: { fr: "Miniatures et collection", en: "Miniatures and collectibles" },
    children: [
      {
        key: "collectibles.models",
        slug: { fr: "maquettes-d-avions", en: "model-aircraft" },
        label: { fr: "Maquettes d'avions", en: "Model aircraft" },
        children: [
          {
            key: "collectibles.models.scale-200",
            slug: { fr: "echelle-1-200", en: "scale-1-200" },
            label: { fr: "Échelle 1/200", en: "1:200 scale" },
          },
          {
            key: "collectibles.models.scale-400",
            slug: { fr: "echelle-1-400", en: "scale-1-400" },
            label: { fr: "Échelle 1/400", en: "1:400 scale" },
          },
          {
            key: "collectibles.models.scale-500",
            slug: { fr: "echelle-1-500", en: "scale-1-500" },
            label: { fr: "Échelle 1/500", en: "1:500 scale" },
          },
        ],
      },
      {
        key: "collectibles.memorabilia",
        slug: { fr: "souvenirs-de-collection", en: "memorabilia" },
        label: { fr: "Souvenirs de collection", en: "Memorabilia" },
        children: [
          {
            key: "collectibles.memorabilia.pins",
            slug: { fr: "pins-et-insignes", en: "pins-and-badges" },
            label: { fr: "Pin's et insignes", en: "Pins and badges" },
          },
          {
            key: "collectibles.memorabilia.vintage",
            slug: { fr: "objets-vintage", en: "vintage-items" },
            label: { fr: "Objets vintage", en: "Vintage items" },
          },
          {
            key: "collectibles.memorabilia.aircraft-parts",
            slug: { fr: "pieces-d-avion", en: "aircraft-parts" },
            label: { fr: "Pièces d'avion", en: "Aircraft parts" },
          },
        ],
      },
      {
        key: "collectibles.miniatures",
        slug: { fr: "miniatures", en: "miniatures" },
        label: { fr: "Miniatures", en: "Miniatures" },
        children: [
          {
            key: "collectibles.miniatures.vehicles",
            slug: { fr: "vehicules-de-piste", en: "ground-vehicles" },
            label: { fr: "Véhicules de piste", en: "Ground vehicles" },
          },
          {
            key: "collectibles.miniatures.keyrings",
            slug: { fr: "porte-cles", en: "keyrings" },
            label: { fr: "Porte-clés", en: "Keyrings" },
          },
        ],
      },
    ],
  },
  {
    key: "stationery",
    slug: { fr: "papeterie", en: "stationery" },
    label: { fr: "Papeterie", en: "Stationery" },
    children: [
      {
        key: "stationery.writing",
        slug: { fr: "ecriture", en: "writing" },
        label: { fr: "Écriture", en: "Writing" },
        children: [
          {
            key: "stationery.writing.notebooks",
            slug: { fr: "carnets", en: "notebooks" },
            label: { fr: "Carnets", en: "Notebooks" },
          },
          {
            key: "stationery.writing.pens",
            slug: { fr: "stylos-et-crayons", en: "pens-and-pencils" },
            label: { fr: "Stylos et crayons", en: "Pens and pencils" },
          },
        ],
      },
      {
        key: "stationery.cards",
        slug: { fr: "cartes-et-autocollants", en: "cards-and-stickers" },
        label: { fr: "Cartes et autocollants", en: "Cards and stickers" },
        children: [
          {
            key: "stationery.cards.postcards",
            slug: { fr: "cartes-postales", en: "postcards" },
            label: { fr: "Cartes postales", en: "Postcards" },
          },
          {
            key: "stationery.cards.stickers",
            slug: { fr: "autocollants-et-ecussons", en: "stickers-and-patches" },
            label: { fr: "Autocollants et écussons", en: "Stickers and patches" },
          },
        ],
      },
      {
        key: "stationery.books",
        slug: { fr: "livres", en: "books" },
        label: { fr: "Livres", en: "Books" },
        children: [
          {
            key: "stationery.books.history",
            slug: { fr: "histoire-de-l-aviation", en: "aviation-history" },
            label: { fr: "Histoire de l'aviation", en: "Aviation history" },
          },
          {
            key: "stationery.books.coffee-table",
            slug: { fr: "beaux-livres", en: "coffee-table-books" },
            label: { fr: "Beaux livres", en: "Coffee-table books" },
          },
        ],
      },
      {
        key: "stationery.desk",
        slug: { fr: "bureau", en: "desk" },
        label: { fr: "Bureau", en: "Desk" },
        children: [
          {
            key: "stationery.desk.calendars",
            slug: { fr: "calendriers-et-agendas", en: "calendars-and-diaries" },
            label: { fr: "Calendriers et agendas", en: "Calendars and diaries" },
          },
          {
            key: "stationery.desk.accessories",
            slug: { fr: "accessoires-de-bureau", en: "desk-accessories" },
            label: { fr: "Accessoires de bureau", en: "Desk accessories" },
          },
        ],
      },
    ],
  },
  {
    key: "limited-editions",
    slug: { fr: "editions-limitees", en: "limited-editions" },
    label: { fr: "Éditions limitées", en: "Limited editions" },
    isEvent: true,
    children: [
      {
        key: "limited-editions.anniversary",
        slug: { fr: "collection-anniversaire", en: "anniversary-collection" },
        label: { fr: "Collection anniversaire", en: "Anniversary collection" },
        children: [
          {
            key: "limited-editions.anniversary.apparel",
            slug: { fr: "textile", en: "apparel" },
            label: { fr: "Textile", en: "Apparel" },
          },
          {
            key: "limited-editions.anniversary.collector",
            slug: { fr: "objets-collector", en: "collector-items" },
            label: { fr: "Objets collector", en: "Collector items" },
          },
        ],
      },
      {
        key: "limited-editions.collaborations",
        slug: { fr: "collaborations", en: "collaborations" },
        label: { fr: "Collaborations", en: "Collaborations" },
        children: [
          {
            key: "limited-editions.collaborations.artists",
            slug: { fr: "artistes", en: "artists" },
            label: { fr: "Artistes", en: "Artists" },
          },
          {
            key: "limited-editions.collaborations.designers",
            slug: { fr: "createurs", en: "designers" },
            label: { fr: "Créateurs", en: "Designers" },
          },
        ],
      },
    ],
  },
  {
    key: "kids",
    slug: { fr: "enfants", en: "kids" },
    label: { fr: "Enfants", en: "Kids" },
    children: [
      {
        key: "kids.toys",
        slug: { fr: "jouets", en: "toys" },
        label: { fr: "Jouets", en: "Toys" },
        children: [
          {
            key: "kids.toys.plush",
            slug: { fr: "peluches", en: "soft-toys" },
            label: { fr: "Peluches", en: "Soft toys" },
          },
          {
            key: "kids.toys.puzzles",
            slug: { fr: "puzzles", en: "puzzles" },
            label: { fr: "Puzzles", en: "Puzzles" },
          },
          {
            key: "kids.toys.games",
            slug: { fr: "jeux", en: "games" },
            label: { fr: "Jeux", en: "Games" },
          },
        ],
      },
      {
        key: "kids.clothing",
        slug: { fr: "vetements-enfant", en: "kids-clothing" },
        label: { fr: "Vêtements enfant", en: "Kids' clothing" },
        children: [
          {
            key: "kids.clothing.tees",
            slug: { fr: "t-shirts-et-sweats", en: "t-shirts-and-sweatshirts" },
            label: { fr: "T-shirts et sweats", en: "T-shirts and sweatshirts" },
          },
          {
            key: "kids.clothing.dress-up",
            slug: { fr: "pyjamas-et-deguisements", en: "pyjamas-and-dress-up" },
            label: { fr: "Pyjamas et déguisements", en: "Pyjamas and dress-up" },
          },
        ],
      },
      {
        key: "kids.travel",
        slug: { fr: "voyage-enfant", en: "kids-travel" },
        label: { fr: "Voyage enfant", en: "Kids' travel" },
        children: [
          {
            key: "kids.travel.bags",
            slug: { fr: "sacs-et-valises-enfant", en: "kids-bags-and-cases" },
            label: { fr: "Sacs et valises enfant", en: "Kids' bags and cases" },
          },
          {
            key: "kids.travel.activities",
            slug: { fr: "activites-de-voyage", en: "travel-activities" },
            label: { fr: "Activités de voyage", en: "Travel activities" },
          },
        ],
      },
    ],
  },
];
