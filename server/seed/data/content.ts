import { blog } from "./blog.ts";
import { categoryTree } from "./categories.ts";
import { dataProtection } from "./data-protection.ts";
import { featuredByTopCategory } from "./products.ts";

// ---------------------------------------------------------------------------
// Document shapes
// ---------------------------------------------------------------------------

interface Seo {
  title: string;
  description: string;
}

interface Image {
  url: string;
  alt: string;
}

interface ContentSection {
  anchor: string;
  title: string;
  html: string;
}

export interface ContentPage {
  title: string;
  intro: string;
  seo: Seo;
  sections: ContentSection[];
}

interface FaqPage {
  title: string;
  seo: Seo;
  groups: { title: string; questions: { question: string; answer: string }[] }[];
}

interface UniverseBlock {
  size: "full" | "half" | "small1" | "small2";
  title: string;
  description: string;
  link: string;
  buttonLabel: string;
  image: Image;
}

interface HomePage {
  seo: Seo;
  featuredBlock: UniverseBlock | null;
  universeBlocks: UniverseBlock[];
  bestsellers: { title: string; categoryPath: string | null };
}

interface HomeSlide {
  id: string;
  enabled: boolean;
  targets: string[];
  title: string;
  description: string;
  label: string;
  link: string;
  image: { desktop: { url: string }; mobile: { url: string } };
}

interface HomeSlider {
  sliders: { id: string; name: string; entries: HomeSlide[] }[];
}

export interface LandingPage {
  categoryPath: string;
  header: { title: string; html: string } | null;
  footer: { html: string } | null;
  seo: Seo;
  featuredProducts: string[];
}

interface BlogArticle {
  anchor: string;
  title: string;
  /** ISO date (yyyy-mm-dd). */
  publishedOn: string;
  summary: string;
  html: string;
}

export interface BlogPage {
  title: string;
  intro: string;
  seo: Seo;
  /** Newest first. */
  articles: BlogArticle[];
}

export interface Documents {
  homepage: HomePage;
  faq: FaqPage;
  delivery: ContentPage;
  "exchange-return": ContentPage;
  "terms-of-use": ContentPage;
  "legal-mentions": ContentPage;
  "data-protection": ContentPage;
  blog: BlogPage;
  "home-slider": HomeSlider;
}

// ---------------------------------------------------------------------------
// Artwork
// ---------------------------------------------------------------------------

/** Brand palette, as hex without `#`. */
const NAVY = "0b2545";
const DEEP_BLUE = "13315c";
const SKY = "8da9c4";
const CREAM = "eef4ed";
const GOLD = "f4d35e";
const CORAL = "ee6c4d";

/** URL of a generated artwork: a Lucide icon drawn in `foreground` on `background`. */
const art = (icon: string, background: string, foreground: string, width: number, height: number) =>
  `/media/art/${icon}/${background}-${foreground}/${width}x${height}.svg`;

const universeImage = (size: UniverseBlock["size"], icon: string, background: string, foreground: string, alt: string): Image => {
  const [width, height] = size === "full" ? [1200, 400] : size === "half" ? [600, 400] : [400, 400];
  return { url: art(icon, background, foreground, width, height), alt };
};

const slideImage = (icon: string, background: string, foreground: string) => ({
  desktop: { url: art(icon, background, foreground, 1600, 600) },
  mobile: { url: art(icon, background, foreground, 800, 800) },
});

// ---------------------------------------------------------------------------
// Home page
// ---------------------------------------------------------------------------

const homepageFr: HomePage = {
  seo: {
    title: "{brand} – la boutique officielle de la compagnie",
    description:
      "Valises, vêtements, maquettes d'avions, vaisselle de cabine et éditions limitées : les objets officiels {brand}, expédiés sous 48 h et retournés gratuitement.",
  },
  featuredBlock: {
    size: "full",
    title: "La collection anniversaire est arrivée",
    description:
      "Blouson brodé, maquette en livrée rétro, médaille commémorative : des pièces produites en petite série pour célébrer notre histoire. Quand elles sont parties, elles ne reviennent pas.",
    link: "/categorie/editions-limitees/collection-anniversaire",
    buttonLabel: "Découvrir la collection",
    image: universeImage("full", "award", NAVY, GOLD, "Médaille dorée sur fond bleu marine"),
  },
  universeBlocks: [
    {
      size: "full",
      title: "Prêts pour l'embarquement",
      description: "Valises cabine et soute, sacs de week-end et accessoires pour voyager léger, de l'enregistrement au tapis à bagages.",
      link: "/categorie/voyage",
      buttonLabel: "Voir l'univers Voyage",
      image: universeImage("full", "luggage", DEEP_BLUE, CREAM, "Valise à roulettes dessinée en blanc sur fond bleu profond"),
    },
    {
      size: "half",
      title: "Vêtements d'équipage",
      description: "Polos, sweats et blousons de pilote inspirés des uniformes, pour elle et pour lui.",
      link: "/categorie/vetements",
      buttonLabel: "Voir les vêtements",
      image: universeImage("half", "shirt", SKY, NAVY, "Polo dessiné en bleu marine sur fond bleu ciel"),
    },
    {
      size: "half",
      title: "La table des cabines",
      description: "La porcelaine, les verres et les couverts servis à bord, pour recevoir à la maison comme en Première.",
      link: "/categorie/maison/art-de-la-table",
      buttonLabel: "Dresser la table",
      image: universeImage("half", "coffee", CREAM, NAVY, "Tasse de café dessinée en bleu marine sur fond crème"),
    },
    {
      size: "small1",
      title: "Maquettes d'avions",
      description: "Du 1/500 au 1/200, la flotte d'hier et d'aujourd'hui.",
      link: "/categorie/miniatures-et-collection/maquettes-d-avions",
      buttonLabel: "Collectionner",
      image: universeImage("small1", "plane", NAVY, GOLD, "Avion de ligne doré sur fond bleu marine"),
    },
    {
      size: "small1",
      title: "Papeterie de voyage",
      description: "Carnets de vol, stylos et cartes postales pour raconter vos escales.",
      link: "/categorie/papeterie",
      buttonLabel: "Écrire",
      image: universeImage("small1", "notebook-pen", CORAL, CREAM, "Carnet et stylo dessinés en blanc sur fond corail"),
    },
    {
      size: "small2",
      title: "Pour les petits voyageurs",
      description: "Peluches, puzzles et kits d'activités pour occuper le vol.",
      link: "/categorie/enfants",
      buttonLabel: "Faire plaisir",
      image: universeImage("small2", "puzzle", GOLD, NAVY, "Pièce de puzzle bleu marine sur fond jaune doré"),
    },
    {
      size: "small2",
      title: "Seconde vie",
      description: "Cuir de siège, fuselage, ceintures : des pièces d'avion transformées en objets uniques.",
      link: "/categorie/miniatures-et-collection/souvenirs-de-collection/pieces-d-avion",
      buttonLabel: "Découvrir l'upcycling",
      image: universeImage("small2", "recycle", DEEP_BLUE, GOLD, "Symbole de recyclage doré sur fond bleu profond"),
    },
  ],
  bestsellers: { title: "Meilleures ventes", categoryPath: null },
};

const homepageEn: HomePage = {
  seo: {
    title: "{brand} – the airline's official shop",
    description:
      "Suitcases, clothing, model aircraft, cabin tableware and limited editions: official {brand} goods, shipped within 48 hours with free returns.",
  },
  featuredBlock: {
    size: "full",
    title: "The anniversary collection has landed",
    description:
      "An embroidered jacket, a model in retro livery, a commemorative medal: pieces made in small runs to celebrate our history. Once they are gone, they are gone.",
    link: "/categorie/editions-limitees/collection-anniversaire",
    buttonLabel: "Discover the collection",
    image: universeImage("full", "award", NAVY, GOLD, "Gold medal on a navy background"),
  },
  universeBlocks: [
    {
      size: "full",
      title: "Ready for boarding",
      description: "Cabin and checked suitcases, weekend bags and accessories for travelling light, from check-in to the baggage carousel.",
      link: "/categorie/voyage",
      buttonLabel: "Explore Travel",
      image: universeImage("full", "luggage", DEEP_BLUE, CREAM, "White outline of a wheeled suitcase on a deep blue background"),
    },
    {
      size: "half",
      title: "Crew-inspired clothing",
      description: "Polo shirts, sweatshirts and pilot jackets inspired by the uniforms, for women and men.",
      link: "/categorie/vetements",
      buttonLabel: "Shop clothing",
      image: universeImage("half", "shirt", SKY, NAVY, "Navy outline of a polo shirt on a sky-blue background"),
    },
    {
      size: "half",
      title: "The cabin table",
      description: "The porcelain, glassware and cutlery served on board, so you can entertain at home in first-class style.",
      link: "/categorie/maison/art-de-la-table",
      buttonLabel: "Set the table",
      image: universeImage("half", "coffee", CREAM, NAVY, "Navy outline of a coffee cup on a cream background"),
    },
    {
      size: "small1",
      title: "Model aircraft",
      description: "From 1:500 to 1:200, the fleet of yesterday and today.",
      link: "/categorie/miniatures-et-collection/maquettes-d-avions",
      buttonLabel: "Start collecting",
      image: universeImage("small1", "plane", NAVY, GOLD, "Gold airliner on a navy background"),
    },
    {
      size: "small1",
      title: "Travel stationery",
      description: "Logbooks, pens and postcards to tell the story of your trips.",
      link: "/categorie/papeterie",
      buttonLabel: "Start writing",
      image: universeImage("small1", "notebook-pen", CORAL, CREAM, "White notebook and pen on a coral background"),
    },
    {
      size: "small2",
      title: "For young travellers",
      description: "Soft toys, puzzles and activity kits to keep them busy in flight.",
      link: "/categorie/enfants",
      buttonLabel: "Treat them",
      image: universeImage("small2", "puzzle", GOLD, NAVY, "Navy puzzle piece on a golden yellow background"),
    },
    {
      size: "small2",
      title: "Second life",
      description: "Seat leather, fuselage, seat belts: aircraft parts turned into one-of-a-kind objects.",
      link: "/categorie/miniatures-et-collection/souvenirs-de-collection/pieces-d-avion",
      buttonLabel: "Discover upcycling",
      image: universeImage("small2", "recycle", DEEP_BLUE, GOLD, "Gold recycling symbol on a deep blue background"),
    },
  ],
  bestsellers: { title: "Bestsellers", categoryPath: null },
};

// ---------------------------------------------------------------------------
// Home slider
// ---------------------------------------------------------------------------

const sliderFr: HomeSlider = {
  sliders: [
    {
      id: "home",
      name: "Carrousel de la page d'accueil",
      entries: [
        {
          id: "anniversary-collection",
          enabled: true,
          targets: ["main", "mobile-app"],
          title: "Éditions limitées anniversaire",
          description: "Des pièces numérotées, produites en petite série, pour les passionnés de la compagnie.",
          label: "Je découvre",
          link: "/categorie/editions-limitees",
          image: slideImage("award", NAVY, GOLD),
        },
        {
          id: "cabin-suitcases",
          enabled: true,
          targets: ["main"],
          title: "Voyagez en cabine",
          description: "Nos valises cabine respectent les dimensions admises à bord et roulent sans bruit jusqu'à la porte d'embarquement.",
          label: "Choisir ma valise",
          link: "/categorie/voyage/bagagerie/valises-cabine",
          image: slideImage("luggage", DEEP_BLUE, CREAM),
        },
        {
          id: "scarves",
          enabled: true,
          targets: ["main"],
          title: "Écharpes et foulards",
          description: "Laine d'agneau, cachemire ou soie imprimée à Lyon : de quoi rester au chaud de l'aérogare à la destination.",
          label: "Voir les écharpes",
          link: "/categorie/vetements/accessoires-de-mode/echarpes-et-foulards",
          image: slideImage("wind", SKY, NAVY),
        },
        {
          id: "model-aircraft",
          enabled: true,
          targets: ["main", "crew-portal"],
          title: "La flotte en miniature",
          description: "Maquettes en métal moulé au 1/200, 1/400 et 1/500, livrées avec leur socle.",
          label: "Voir les maquettes",
          link: "/categorie/miniatures-et-collection/maquettes-d-avions",
          image: slideImage("plane", CREAM, NAVY),
        },
        {
          id: "app-kids",
          enabled: true,
          targets: ["mobile-app"],
          title: "Exclusivité application : l'univers enfants",
          description: "Depuis l'application, préparez le voyage des plus jeunes avec nos kits d'activités et nos peluches.",
          label: "Ouvrir l'univers enfants",
          link: "/categorie/enfants",
          image: slideImage("rocket", GOLD, NAVY),
        },
        {
          id: "summer-tableware",
          enabled: false,
          targets: ["main"],
          title: "L'été à table",
          description: "La vaisselle des cabines pour vos déjeuners au jardin. Bientôt de retour.",
          label: "Dresser la table",
          link: "/categorie/maison/art-de-la-table",
          image: slideImage("sun", CORAL, CREAM),
        },
      ],
    },
  ],
};

const sliderEn: HomeSlider = {
  sliders: [
    {
      id: "home",
      name: "Home page carousel",
      entries: [
        {
          id: "anniversary-collection",
          enabled: true,
          targets: ["main", "mobile-app"],
          title: "Anniversary limited editions",
          description: "Numbered pieces, made in small runs, for everyone who loves the airline.",
          label: "Discover",
          link: "/categorie/editions-limitees",
          image: slideImage("award", NAVY, GOLD),
        },
        {
          id: "cabin-suitcases",
          enabled: true,
          targets: ["main"],
          title: "Travel cabin-only",
          description: "Our cabin suitcases meet onboard size limits and glide quietly all the way to the gate.",
          label: "Choose my suitcase",
          link: "/categorie/voyage/bagagerie/valises-cabine",
          image: slideImage("luggage", DEEP_BLUE, CREAM),
        },
        {
          id: "scarves",
          enabled: true,
          targets: ["main"],
          title: "Scarves for every journey",
          description: "Lambswool, cashmere or silk printed in Lyon: stay warm from the terminal to your destination.",
          label: "Shop scarves",
          link: "/categorie/vetements/accessoires-de-mode/echarpes-et-foulards",
          image: slideImage("wind", SKY, NAVY),
        },
        {
          id: "model-aircraft",
          enabled: true,
          targets: ["main", "crew-portal"],
          title: "The fleet in miniature",
          description: "Die-cast models at 1:200, 1:400 and 1:500, delivered with their stands.",
          label: "See the models",
          link: "/categorie/miniatures-et-collection/maquettes-d-avions",
          image: slideImage("plane", CREAM, NAVY),
        },
        {
          id: "app-kids",
          enabled: true,
          targets: ["mobile-app"],
          title: "App exclusive: the kids' corner",
          description: "Get young travellers ready from the app with our activity kits and soft toys.",
          label: "Open the kids' corner",
          link: "/categorie/enfants",
          image: slideImage("rocket", GOLD, NAVY),
        },
        {
          id: "summer-tableware",
          enabled: false,
          targets: ["main"],
          title: "Summer at the table",
          description: "Cabin tableware for lunches in the garden. Back soon.",
          label: "Set the table",
          link: "/categorie/maison/art-de-la-table",
          image: slideImage("sun", CORAL, CREAM),
        },
      ],
    },
  ],
};

// ---------------------------------------------------------------------------
// FAQ
// ---------------------------------------------------------------------------

const faqFr: FaqPage = {
  title: "Questions fréquentes",
  seo: {
    title: "FAQ – {brand}",
    description: "Commandes, livraison, retours, compte client et programme collaborateurs : les réponses à vos questions sur la boutique {brand}.",
  },
  groups: [
    {
      title: "Commandes",
      questions: [
        {
          question: "Comment passer commande ?",
          answer:
            "<p>Ajoutez vos articles au panier, puis cliquez sur <strong>Passer commande</strong>. Connectez-vous ou créez un compte, choisissez votre adresse et votre mode de livraison, puis réglez par carte bancaire. Un e-mail de confirmation vous est envoyé dès le paiement accepté.</p>",
        },
        {
          question: "Puis-je modifier ou annuler ma commande ?",
          answer:
            "<p>Tant que votre commande n'a pas été préparée, notre service client peut la modifier ou l'annuler : écrivez-nous depuis la page <a href=\"/contact\">Contact</a> en indiquant votre numéro de commande. Une fois le colis expédié, vous pourrez toujours nous le retourner sous 30 jours.</p>",
        },
        {
          question: "Comment utiliser un code promo ?",
          answer:
            "<p>Saisissez votre code dans le bloc <strong>Code promo</strong> du panier, puis validez. La remise s'affiche immédiatement dans le total. Un seul code est accepté par commande.</p>",
        },
        {
          question: "Quels moyens de paiement acceptez-vous ?",
          answer:
            "<p>Nous acceptons les cartes CB, Visa, Mastercard et American Express. Le paiement est sécurisé et peut nécessiter une validation auprès de votre banque (3-D Secure). Votre carte est débitée à la validation de la commande.</p>",
        },
      ],
    },
    {
      title: "Livraison",
      questions: [
        {
          question: "Sous quel délai ma commande est-elle expédiée ?",
          answer:
            "<p>Les articles en stock sont préparés et remis au transporteur sous 48 heures ouvrées. Le délai de livraison dépend ensuite du mode choisi : consultez notre page <a href=\"/livraison\">Livraison</a> pour le détail.</p>",
        },
        {
          question: "Puis-je me faire livrer en point relais ?",
          answer:
            "<p>Oui. À l'étape de livraison, choisissez <strong>Colissimo en point retrait</strong>, puis recherchez un point relais par adresse, ville ou code postal sur la carte. Vous serez averti par e-mail et SMS dès l'arrivée du colis.</p>",
        },
        {
          question: "Comment suivre mon colis ?",
          answer:
            "<p>Un lien de suivi vous est envoyé par e-mail dès l'expédition. Vous le retrouvez aussi dans <a href=\"/mon-compte\">Mon compte, rubrique Commandes</a>.</p>",
        },
      ],
    },
    {
      title: "Retours et remboursements",
      questions: [
        {
          question: "De combien de temps est-ce que je dispose pour retourner un article ?",
          answer:
            "<p>Vous disposez de <strong>30 jours</strong> à compter de la réception de votre commande pour nous retourner un article neuf, dans son emballage d'origine. Les étapes sont détaillées sur la page <a href=\"/echange-retour\">Échange et retour</a>.</p>",
        },
        {
          question: "Le retour est-il gratuit ?",
          answer:
            "<p>Oui, le retour est gratuit depuis la France métropolitaine avec l'étiquette prépayée que nous vous fournissons. Depuis l'étranger ou l'outre-mer, les frais de retour restent à votre charge.</p>",
        },
        {
          question: "Quand serai-je remboursé ?",
          answer:
            "<p>Le remboursement est effectué sur la carte utilisée pour la commande, au plus tard 14 jours après réception et contrôle de votre retour. Comptez ensuite quelques jours selon votre banque.</p>",
        },
      ],
    },
    {
      title: "Mon compte",
      questions: [
        {
          question: "J'ai oublié mon mot de passe, que faire ?",
          answer:
            "<p>Dans la fenêtre de connexion, cliquez sur <strong>Mot de passe oublié</strong> et saisissez votre adresse e-mail. Vous recevrez un lien pour en choisir un nouveau, valable pendant une durée limitée.</p>",
        },
        {
          question: "Qu'est-ce que la double authentification ?",
          answer:
            "<p>Lorsqu'elle est activée, un code à six chiffres vous est envoyé par e-mail à chaque connexion, en plus de votre mot de passe. Vous pouvez l'activer ou la désactiver depuis <a href=\"/mon-compte/profil\">votre profil</a>.</p>",
        },
        {
          question: "Comment gérer mes adresses ?",
          answer:
            "<p>Votre carnet d'adresses se trouve dans <a href=\"/mon-compte\">Mon compte</a>. Vous pouvez y ajouter plusieurs adresses et choisir celles utilisées par défaut pour la livraison et la facturation.</p>",
        },
      ],
    },
    {
      title: "Programme collaborateurs",
      questions: [
        {
          question: "Je travaille pour la compagnie, comment accéder aux tarifs collaborateurs ?",
          answer:
            "<p>Dans la fenêtre de connexion, choisissez l'onglet <strong>Salarié de la compagnie</strong>. Vous pouvez vous connecter avec votre accès habituel de l'entreprise, ou créer un compte collaborateur avec votre numéro de matricule à 8 caractères et votre adresse e-mail.</p>",
        },
        {
          question: "Qu'est-ce que le budget équipe ?",
          answer:
            "<p>Certains services disposent d'un budget mensuel pour offrir des articles {brand} à leurs équipes. Le responsable désigné configure ce budget, et les commandes passées dans ce cadre suivent un parcours dédié, sans paiement par carte.</p>",
        },
        {
          question: "Les avantages collaborateurs sont-ils cumulables avec les promotions ?",
          answer:
            "<p>Les tarifs collaborateurs s'appliquent automatiquement une fois connecté. Ils ne se cumulent pas avec les codes promo, sauf mention contraire sur l'offre.</p>",
        },
      ],
    },
  ],
};

const faqEn: FaqPage = {
  title: "Frequently asked questions",
  seo: {
    title: "FAQ – {brand}",
    description: "Orders, delivery, returns, customer account and the staff programme: answers to your questions about the {brand} shop.",
  },
  groups: [
    {
      title: "Orders",
      questions: [
        {
          question: "How do I place an order?",
          answer:
            "<p>Add items to your cart, then click <strong>Checkout</strong>. Sign in or create an account, pick your address and delivery method, then pay by card. A confirmation email is sent as soon as the payment is accepted.</p>",
        },
        {
          question: "Can I change or cancel my order?",
          answer:
            "<p>As long as your order has not been packed, our customer service team can change or cancel it: write to us from the <a href=\"/contact\">Contact</a> page with your order number. Once the parcel has shipped, you can still send it back within 30 days.</p>",
        },
        {
          question: "How do I use a promo code?",
          answer:
            "<p>Enter your code in the <strong>Promo code</strong> box of the cart and confirm. The discount shows in the total straight away. One code per order.</p>",
        },
        {
          question: "Which payment methods do you accept?",
          answer:
            "<p>We accept CB, Visa, Mastercard and American Express cards. Payment is secure and may ask you to confirm with your bank (3-D Secure). Your card is charged when the order is confirmed.</p>",
        },
      ],
    },
    {
      title: "Delivery",
      questions: [
        {
          question: "How soon will my order ship?",
          answer:
            "<p>In-stock items are packed and handed to the carrier within 48 business hours. Delivery time then depends on the method you choose: see our <a href=\"/livraison\">Delivery</a> page for details.</p>",
        },
        {
          question: "Can I have my order delivered to a pick-up point?",
          answer:
            "<p>Yes. At the delivery step, choose <strong>Colissimo relay point</strong>, then search for a pick-up point by address, town or postcode on the map. You will get an email and a text message when your parcel arrives.</p>",
        },
        {
          question: "How can I track my parcel?",
          answer:
            "<p>A tracking link is emailed to you as soon as your parcel ships. You can also find it under <a href=\"/mon-compte\">My account, Orders</a>.</p>",
        },
      ],
    },
    {
      title: "Returns and refunds",
      questions: [
        {
          question: "How long do I have to return an item?",
          answer:
            "<p>You have <strong>30 days</strong> from receiving your order to send back an unused item in its original packaging. The steps are explained on the <a href=\"/echange-retour\">Exchanges and returns</a> page.</p>",
        },
        {
          question: "Are returns free?",
          answer:
            "<p>Yes, returns are free from mainland France with the prepaid label we provide. From abroad or from the French overseas territories, return shipping is at your expense.</p>",
        },
        {
          question: "When will I be refunded?",
          answer:
            "<p>We refund the card used for the order no later than 14 days after receiving and checking your return. Your bank may then take a few more days.</p>",
        },
      ],
    },
    {
      title: "My account",
      questions: [
        {
          question: "I forgot my password. What should I do?",
          answer:
            "<p>In the sign-in window, click <strong>Forgot password</strong> and enter your email address. You will receive a link, valid for a limited time, to choose a new one.</p>",
        },
        {
          question: "What is two-factor authentication?",
          answer:
            "<p>When it is switched on, a six-digit code is emailed to you each time you sign in, in addition to your password. You can turn it on or off from <a href=\"/mon-compte/profil\">your profile</a>.</p>",
        },
        {
          question: "How do I manage my addresses?",
          answer:
            "<p>Your address book is in <a href=\"/mon-compte\">My account</a>. You can save several addresses and choose your default delivery and billing addresses.</p>",
        },
      ],
    },
    {
      title: "Staff programme",
      questions: [
        {
          question: "I work for the airline. How do I get staff prices?",
          answer:
            "<p>In the sign-in window, choose the <strong>Airline employee</strong> tab. You can sign in with your usual company login, or create an employee account with your 8-character staff number and your email address.</p>",
        },
        {
          question: "What is the team budget?",
          answer:
            "<p>Some departments have a monthly budget to give {brand} items to their teams. The designated manager sets up the budget, and orders placed under it follow a dedicated checkout with no card payment.</p>",
        },
        {
          question: "Can staff benefits be combined with promotions?",
          answer:
            "<p>Staff prices apply automatically once you are signed in. They cannot be combined with promo codes unless the offer says otherwise.</p>",
        },
      ],
    },
  ],
};

// ---------------------------------------------------------------------------
// Delivery
// ---------------------------------------------------------------------------

const deliveryFr: ContentPage = {
  title: "Livraison",
  intro:
    "<p>Toutes les commandes {brand} sont préparées avec soin dans notre entrepôt en France. Les articles en stock sont <strong>expédiés sous 48 heures</strong> ouvrées, et les objets fragiles (porcelaine, verres, maquettes) voyagent dans un calage renforcé.</p>",
  seo: {
    title: "Livraison – {brand}",
    description: "Colissimo à domicile ou en point relais, Chronopost, livraison internationale : délais et tarifs de livraison de la boutique {brand}.",
  },
  sections: [
    {
      anchor: "shipping-time",
      title: "Expédition sous 48 heures",
      html:
        "<p>Toute commande validée avant 14 h un jour ouvré est préparée le jour même ou le lendemain. Vous recevez un e-mail avec le lien de suivi dès la remise du colis au transporteur.</p><p>Les éditions limitées et certains articles volumineux, comme les trolleys reconditionnés, peuvent demander un délai de préparation plus long, indiqué sur la fiche produit.</p>",
    },
    {
      anchor: "colissimo-home",
      title: "Colissimo à domicile",
      html:
        "<ul><li>Livraison en 2 jours ouvrés environ en France métropolitaine.</li><li>Remise contre signature ou dans votre boîte aux lettres selon la taille du colis.</li><li>En cas d'absence, le colis vous attend au bureau de poste le plus proche pendant 15 jours.</li></ul>",
    },
    {
      anchor: "colissimo-relay",
      title: "Colissimo en point relais",
      html:
        "<p>Choisissez parmi des milliers de points relais et bureaux de poste sur la carte proposée à l'étape de livraison. Votre colis y est disponible en 3 jours ouvrés environ et y reste 10 jours. Une pièce d'identité vous sera demandée pour le retirer.</p>",
    },
    {
      anchor: "chronopost",
      title: "Chronopost",
      html:
        "<p>Pour les commandes urgentes, Chronopost vous livre le lendemain avant 13 h, du lundi au vendredi, en France métropolitaine. Une offre dédiée est disponible pour les livraisons aux entreprises.</p>",
    },
    {
      anchor: "international",
      title: "Livraison internationale et outre-mer",
      html:
        "<ul><li><strong>Union européenne</strong> : livraison suivie ou express sous 2 à 6 jours ouvrés selon le transporteur.</li><li><strong>Reste du monde</strong> : livraison express sous 3 à 5 jours ouvrés. Des droits de douane peuvent être demandés à la réception.</li><li><strong>Outre-mer</strong> : Colissimo outre-mer sous 7 jours ouvrés environ.</li></ul>",
    },
    {
      anchor: "rates",
      title: "Frais de livraison",
      html:
        "<p>Les frais de livraison dépendent du mode choisi et de la destination. Ils sont affichés avant le paiement, à l'étape de livraison de votre commande, et aucun frais supplémentaire ne vous sera demandé par la suite pour une livraison en France.</p>",
    },
  ],
};

const deliveryEn: ContentPage = {
  title: "Delivery",
  intro:
    "<p>Every {brand} order is carefully packed in our warehouse in France. In-stock items <strong>ship within 48 hours</strong> (business days), and fragile items such as porcelain, glassware and models travel in reinforced packaging.</p>",
  seo: {
    title: "Delivery – {brand}",
    description: "Colissimo home or relay point delivery, Chronopost, international shipping: delivery times and rates at the {brand} shop.",
  },
  sections: [
    {
      anchor: "shipping-time",
      title: "Shipped within 48 hours",
      html:
        "<p>Orders confirmed before 2 pm on a business day are packed the same day or the next. You receive an email with a tracking link as soon as the carrier collects your parcel.</p><p>Limited editions and some bulky items, such as refurbished trolleys, may take longer to prepare; the product page says so.</p>",
    },
    {
      anchor: "colissimo-home",
      title: "Colissimo home delivery",
      html:
        "<ul><li>Delivery in about 2 business days in mainland France.</li><li>Handed over against signature or left in your letterbox depending on the parcel size.</li><li>If you are out, your parcel waits at the nearest post office for 15 days.</li></ul>",
    },
    {
      anchor: "colissimo-relay",
      title: "Colissimo relay point",
      html:
        "<p>Choose from thousands of relay points and post offices on the map shown at the delivery step. Your parcel is ready in about 3 business days and is kept for 10 days. Bring an ID to collect it.</p>",
    },
    {
      anchor: "chronopost",
      title: "Chronopost",
      html:
        "<p>For urgent orders, Chronopost delivers the next day before 1 pm, Monday to Friday, in mainland France. A dedicated service is available for business addresses.</p>",
    },
    {
      anchor: "international",
      title: "International and overseas delivery",
      html:
        "<ul><li><strong>European Union</strong>: tracked or express delivery in 2 to 6 business days depending on the carrier.</li><li><strong>Rest of the world</strong>: express delivery in 3 to 5 business days. Customs duties may be charged on receipt.</li><li><strong>French overseas territories</strong>: Colissimo overseas in about 7 business days.</li></ul>",
    },
    {
      anchor: "rates",
      title: "Delivery charges",
      html:
        "<p>Delivery charges depend on the method and destination you choose. They are shown before payment, at the delivery step of checkout, and nothing more will be asked of you later for a delivery in France.</p>",
    },
  ],
};

// ---------------------------------------------------------------------------
// Exchanges and returns
// ---------------------------------------------------------------------------

const exchangeReturnFr: ContentPage = {
  title: "Échange et retour",
  intro:
    "<p>Un article ne vous convient pas ? Vous disposez de <strong>30 jours</strong> après réception pour nous le retourner, et le <strong>retour est gratuit *</strong>.</p>",
  seo: {
    title: "Échange et retour – {brand}",
    description: "30 jours pour changer d'avis, retour gratuit depuis la France métropolitaine : comment échanger ou retourner un article {brand}.",
  },
  sections: [
    {
      anchor: "return-period",
      title: "30 jours pour changer d'avis",
      html:
        "<p>Vous pouvez retourner tout article dans les 30 jours suivant sa réception, soit au-delà du délai légal de rétractation de 14 jours décrit dans nos <a href=\"/conditions-generales-de-vente#retractation\">conditions générales de vente</a>. L'article doit être neuf, non porté, non lavé et accompagné de ses étiquettes et de son emballage d'origine.</p>",
    },
    {
      anchor: "free-return",
      title: "Retour gratuit *",
      html:
        "<p>Nous vous fournissons une étiquette de retour prépayée à déposer dans un bureau de poste ou un point relais.</p><p>* Retour gratuit pour les commandes livrées en France métropolitaine. Pour les autres destinations, le retour est à votre charge ; nous vous conseillons un envoi suivi.</p>",
    },
    {
      anchor: "how-to-return",
      title: "Comment retourner un article",
      html:
        "<ul><li>Connectez-vous à <a href=\"/mon-compte\">votre compte</a> et sélectionnez la commande concernée.</li><li>Indiquez les articles à retourner et le motif du retour.</li><li>Imprimez l'étiquette prépayée et collez-la sur le colis, en réutilisant si possible l'emballage d'origine.</li><li>Déposez le colis dans un bureau de poste ou un point relais et conservez la preuve de dépôt.</li></ul><p>Vous avez commandé sans compte ? Écrivez-nous depuis la page <a href=\"/contact\">Contact</a> en indiquant votre numéro de commande.</p>",
    },
    {
      anchor: "exchange",
      title: "Échanger une taille ou une couleur",
      html:
        "<p>Pour un échange, retournez l'article en suivant la procédure ci-dessus et passez une nouvelle commande pour la taille ou la couleur souhaitée. Vous êtes ainsi sûr de réserver l'article avant qu'il ne soit épuisé.</p>",
    },
    {
      anchor: "refund",
      title: "Remboursement",
      html:
        "<p>Dès réception et contrôle de votre colis, nous vous remboursons sur le moyen de paiement utilisé, au plus tard sous 14 jours. Les frais de livraison initiaux sont remboursés si vous retournez la totalité de la commande.</p>",
    },
    {
      anchor: "exceptions",
      title: "Articles non repris",
      html:
        "<ul><li>Les articles personnalisés à votre demande (gravure, broderie de prénom).</li><li>Les articles d'hygiène descellés, comme les trousses de confort ouvertes.</li><li>Les articles abîmés ou incomplets du fait d'une mauvaise utilisation.</li></ul>",
    },
  ],
};

const exchangeReturnEn: ContentPage = {
  title: "Exchanges and returns",
  intro:
    "<p>Not quite right? You have <strong>30 days</strong> from delivery to send an item back, and <strong>returns are free *</strong>.</p>",
  seo: {
    title: "Exchanges and returns – {brand}",
    description: "30 days to change your mind and free returns from mainland France: how to exchange or return a {brand} item.",
  },
  sections: [
    {
      anchor: "return-period",
      title: "30 days to change your mind",
      html:
        "<p>You can return any item within 30 days of receiving it, well beyond the 14-day legal withdrawal period described in our <a href=\"/conditions-generales-de-vente#retractation\">terms of sale</a>. Items must be new, unworn and unwashed, with their tags and original packaging.</p>",
    },
    {
      anchor: "free-return",
      title: "Free returns *",
      html:
        "<p>We provide a prepaid return label for you to drop off at a post office or relay point.</p><p>* Free returns apply to orders delivered in mainland France. For other destinations, return shipping is at your expense; we recommend a tracked service.</p>",
    },
    {
      anchor: "how-to-return",
      title: "How to return an item",
      html:
        "<ul><li>Sign in to <a href=\"/mon-compte\">your account</a> and select the order.</li><li>Choose the items to return and tell us why.</li><li>Print the prepaid label and stick it on the parcel, reusing the original packaging if you can.</li><li>Drop the parcel at a post office or relay point and keep the receipt.</li></ul><p>Ordered without an account? Write to us from the <a href=\"/contact\">Contact</a> page with your order number.</p>",
    },
    {
      anchor: "exchange",
      title: "Exchanging a size or colour",
      html:
        "<p>To exchange an item, return it as described above and place a new order for the size or colour you want. That way the item is reserved for you before it sells out.</p>",
    },
    {
      anchor: "refund",
      title: "Refunds",
      html:
        "<p>Once we have received and checked your parcel, we refund the original payment method within 14 days at the latest. The original delivery charge is refunded if you return the whole order.</p>",
    },
    {
      anchor: "exceptions",
      title: "Items we cannot take back",
      html:
        "<ul><li>Items personalised at your request (engraving, embroidered name).</li><li>Unsealed hygiene items, such as opened amenity kits.</li><li>Items damaged or incomplete through misuse.</li></ul>",
    },
  ],
};

// ---------------------------------------------------------------------------
// Terms of sale
// ---------------------------------------------------------------------------

const termsFr: ContentPage = {
  title: "Conditions générales de vente",
  intro:
    "<p>Les présentes conditions générales de vente régissent les ventes conclues sur la boutique en ligne {brand}. Elles sont applicables à compter du 1er janvier 2026.</p>",
  seo: {
    title: "Conditions générales de vente – {brand}",
    description: "Prix, commande, paiement, livraison, droit de rétractation, garanties : les conditions générales de vente de la boutique {brand}.",
  },
  sections: [
    {
      anchor: "object",
      title: "Article 1 – Objet",
      html:
        "<p>Les présentes conditions définissent les droits et obligations des parties dans le cadre de la vente à distance des produits proposés sur la boutique {brand} à des consommateurs et à des professionnels. Toute commande implique leur acceptation sans réserve. Les coordonnées du vendeur figurent dans les <a href=\"/mentions-legales\">mentions légales</a>.</p>",
    },
    {
      anchor: "products",
      title: "Article 2 – Produits",
      html:
        "<p>Les produits sont décrits avec la plus grande exactitude possible. Les illustrations n'ont pas de valeur contractuelle. Les offres sont valables dans la limite des stocks disponibles ; les éditions limitées peuvent faire l'objet d'un nombre maximal d'exemplaires par commande.</p>",
    },
    {
      anchor: "prices",
      title: "Article 3 – Prix",
      html:
        "<p>Les prix sont indiqués en euros, toutes taxes comprises, hors frais de livraison. La TVA applicable est de 20 %, ou de 5,5 % pour les livres. Les frais de livraison sont précisés avant la validation de la commande. {brand} se réserve le droit de modifier ses prix à tout moment ; le prix facturé est celui en vigueur lors de la validation de la commande.</p>",
    },
    {
      anchor: "order",
      title: "Article 4 – Commande",
      html:
        "<p>Pour commander, le client ajoute les produits à son panier, s'identifie, choisit une adresse et un mode de livraison, puis valide le paiement. La vente est conclue à la réception par le client de l'e-mail de confirmation de commande. {brand} peut refuser une commande en cas de litige antérieur ou de demande anormale.</p>",
    },
    {
      anchor: "payment",
      title: "Article 5 – Paiement",
      html:
        "<p>Le paiement s'effectue par carte bancaire (CB, Visa, Mastercard, American Express) sur une page sécurisée. Les données bancaires sont chiffrées et ne sont pas conservées par {brand}. Le compte du client est débité à la validation de la commande. Les commandes passées dans le cadre d'un budget collaborateurs suivent les modalités convenues avec l'employeur.</p>",
    },
    {
      anchor: "delivery",
      title: "Article 6 – Livraison",
      html:
        "<p>Les produits sont livrés à l'adresse ou au point relais indiqué lors de la commande, dans les délais annoncés sur la page <a href=\"/livraison\">Livraison</a>. En cas de retard de plus de 30 jours, le client peut résoudre le contrat dans les conditions prévues par le Code de la consommation. Le client vérifie l'état du colis à réception et signale toute anomalie au transporteur et au service client.</p>",
    },
    {
      anchor: "retractation",
      title: "Article 7 – Droit de rétractation",
      html:
        "<p>Conformément au Code de la consommation, le client consommateur dispose d'un délai de <strong>14 jours</strong> à compter de la réception des produits pour exercer son droit de rétractation, sans avoir à justifier de motif ni à payer de pénalité. {brand} étend volontairement ce délai à 30 jours.</p><p>Pour l'exercer, le client informe {brand} de sa décision par une déclaration dénuée d'ambiguïté, depuis son compte ou la page <a href=\"/contact\">Contact</a>, puis renvoie les produits au plus tard 14 jours après cette communication. Le retour est gratuit depuis la France métropolitaine.</p><p>{brand} rembourse la totalité des sommes versées, frais de livraison standard compris, au plus tard 14 jours après avoir été informée de la décision ; le remboursement peut être différé jusqu'à la récupération des produits. Le droit de rétractation ne s'applique pas aux biens personnalisés à la demande du client ni aux biens descellés qui ne peuvent être renvoyés pour des raisons d'hygiène.</p>",
    },
    {
      anchor: "warranty",
      title: "Article 8 – Garanties",
      html:
        "<p>Les produits bénéficient de la garantie légale de conformité, pendant deux ans à compter de la délivrance du bien, et de la garantie contre les vices cachés prévue par le Code civil. En cas de défaut de conformité, le client peut demander la réparation ou le remplacement du produit, ou à défaut une réduction du prix ou la résolution de la vente.</p>",
    },
    {
      anchor: "personal-data",
      title: "Article 9 – Données personnelles",
      html:
        "<p>Les données collectées lors de la commande sont nécessaires à son traitement. Leur utilisation et les droits du client sont décrits dans notre <a href=\"/politique-de-protection-des-donnees-personnelles\">politique de protection des données personnelles</a>.</p>",
    },
    {
      anchor: "disputes",
      title: "Article 10 – Droit applicable et litiges",
      html:
        "<p>Les présentes conditions sont soumises au droit français. En cas de litige, le client s'adresse d'abord au service client afin de rechercher une solution amiable. À défaut, il peut recourir gratuitement à un médiateur de la consommation, dont les coordonnées lui sont communiquées sur simple demande. À défaut d'accord, les tribunaux français sont compétents.</p>",
    },
  ],
};

const termsEn: ContentPage = {
  title: "Terms and conditions of sale",
  intro:
    "<p>These terms and conditions govern sales made on the {brand} online shop. They apply from 1 January 2026. The French version prevails in case of discrepancy.</p>",
  seo: {
    title: "Terms and conditions of sale – {brand}",
    description: "Prices, ordering, payment, delivery, right of withdrawal and warranties: the terms and conditions of sale of the {brand} shop.",
  },
  sections: [
    {
      anchor: "object",
      title: "Article 1 – Purpose",
      html:
        "<p>These terms set out the rights and obligations of the parties for distance sales of the products offered on the {brand} shop to consumers and businesses. Placing an order means accepting them in full. The seller's details are given in the <a href=\"/mentions-legales\">legal notice</a>.</p>",
    },
    {
      anchor: "products",
      title: "Article 2 – Products",
      html:
        "<p>Products are described as accurately as possible. Pictures are for illustration only. Offers are valid while stocks last; limited editions may be capped at a maximum number per order.</p>",
    },
    {
      anchor: "prices",
      title: "Article 3 – Prices",
      html:
        "<p>Prices are shown in euros, including all taxes, excluding delivery charges. VAT is charged at 20 %, or 5.5 % for books. Delivery charges are shown before the order is confirmed. {brand} may change its prices at any time; the price charged is the one in force when the order is confirmed.</p>",
    },
    {
      anchor: "order",
      title: "Article 4 – Orders",
      html:
        "<p>To order, customers add products to their cart, sign in, choose an address and a delivery method, then confirm payment. The sale is concluded when the customer receives the order confirmation email. {brand} may refuse an order in the event of a previous dispute or an unusual request.</p>",
    },
    {
      anchor: "payment",
      title: "Article 5 – Payment",
      html:
        "<p>Payment is made by card (CB, Visa, Mastercard, American Express) on a secure page. Card details are encrypted and are not stored by {brand}. The customer's account is charged when the order is confirmed. Orders placed under a staff budget follow the terms agreed with the employer.</p>",
    },
    {
      anchor: "delivery",
      title: "Article 6 – Delivery",
      html:
        "<p>Products are delivered to the address or relay point given when ordering, within the times shown on the <a href=\"/livraison\">Delivery</a> page. If delivery is more than 30 days late, the customer may cancel the contract as provided by the French Consumer Code. Customers should check the parcel on receipt and report any problem to the carrier and to customer service.</p>",
    },
    {
      anchor: "retractation",
      title: "Article 7 – Right of withdrawal",
      html:
        "<p>Under the French Consumer Code, consumers have <strong>14 days</strong> from receiving the products to withdraw from the purchase, without giving a reason or paying any penalty. {brand} voluntarily extends this period to 30 days.</p><p>To withdraw, the customer informs {brand} of the decision with a clear statement, from their account or the <a href=\"/contact\">Contact</a> page, then sends the products back no later than 14 days after that statement. Returns are free from mainland France.</p><p>{brand} refunds all sums paid, including standard delivery charges, no later than 14 days after being informed of the decision; the refund may be withheld until the products have been received. The right of withdrawal does not apply to goods personalised at the customer's request or to sealed goods unsealed after delivery that cannot be returned for hygiene reasons.</p>",
    },
    {
      anchor: "warranty",
      title: "Article 8 – Warranties",
      html:
        "<p>Products are covered by the legal guarantee of conformity for two years from delivery, and by the guarantee against hidden defects provided by the French Civil Code. If a product does not conform, the customer may ask for it to be repaired or replaced or, failing that, for a price reduction or cancellation of the sale.</p>",
    },
    {
      anchor: "personal-data",
      title: "Article 9 – Personal data",
      html:
        "<p>The data collected when ordering is needed to process the order. How it is used and the customer's rights are described in our <a href=\"/politique-de-protection-des-donnees-personnelles\">personal data protection policy</a>.</p>",
    },
    {
      anchor: "disputes",
      title: "Article 10 – Governing law and disputes",
      html:
        "<p>These terms are governed by French law. In the event of a dispute, customers should first contact customer service to seek an amicable solution. Failing that, they may use a consumer mediator free of charge, whose details are available on request. If no agreement is reached, the French courts have jurisdiction.</p>",
    },
  ],
};

// ---------------------------------------------------------------------------
// Legal notice
// ---------------------------------------------------------------------------

const legalFr: ContentPage = {
  title: "Mentions légales",
  intro: "",
  seo: {
    title: "Mentions légales – {brand}",
    description: "Éditeur, hébergement, propriété intellectuelle et données personnelles : les mentions légales de la boutique {brand}.",
  },
  sections: [
    {
      anchor: "publisher",
      title: "Éditeur du site",
      html:
        "<p>Le site est édité par la société {brand} Boutique, société par actions simplifiée au capital de 150 000 euros, dont le siège social est situé 12 rue des Hangars, 95700 Roissy-en-France.</p><p>Directeur de la publication : le président de {brand} Boutique. Pour toute question, utilisez la page <a href=\"/contact\">Contact</a>.</p>",
    },
    {
      anchor: "host",
      title: "Hébergement",
      html:
        "<p>Le site est hébergé sur des serveurs situés dans l'Union européenne par un prestataire d'hébergement professionnel, dont les coordonnées sont disponibles sur simple demande auprès de l'éditeur.</p>",
    },
    {
      anchor: "intellectual-property",
      title: "Propriété intellectuelle",
      html:
        "<p>La marque {brand}, les logos, les visuels, les textes et les affiches reproduits sur ce site sont protégés par le droit de la propriété intellectuelle. Toute reproduction, représentation ou adaptation, totale ou partielle, sans autorisation écrite préalable est interdite.</p>",
    },
    {
      anchor: "personal-data",
      title: "Données personnelles",
      html:
        "<p>Les données collectées sur le site servent à gérer votre compte, vos commandes et, si vous l'acceptez, l'envoi de notre lettre d'information. Conformément à la réglementation européenne, vous disposez d'un droit d'accès, de rectification, d'effacement, de limitation, d'opposition et de portabilité de vos données.</p><ul><li>Pour exercer vos droits, écrivez-nous depuis la page <a href=\"/contact\">Contact</a>.</li><li>Le détail des traitements figure dans notre <a href=\"/politique-de-protection-des-donnees-personnelles\">politique de protection des données personnelles</a>.</li><li>Vous pouvez introduire une réclamation auprès de la CNIL.</li></ul>",
    },
    {
      anchor: "cookies",
      title: "Cookies",
      html:
        "<p>Le site utilise des cookies nécessaires à son fonctionnement (panier, connexion) et, avec votre accord, ceux des services extérieurs (carte des points relais, vérification anti-robot, paiement). Vous pouvez modifier vos choix à tout moment sur la page <a href=\"/gestion-des-cookies\">Gestion des cookies</a>.</p>",
    },
  ],
};

const legalEn: ContentPage = {
  title: "Legal notice",
  intro: "",
  seo: {
    title: "Legal notice – {brand}",
    description: "Publisher, hosting, intellectual property and personal data: the legal notice of the {brand} shop.",
  },
  sections: [
    {
      anchor: "publisher",
      title: "Publisher",
      html:
        "<p>This site is published by {brand} Boutique, a simplified joint-stock company (SAS) with a share capital of 150,000 euros, whose registered office is at 12 rue des Hangars, 95700 Roissy-en-France, France.</p><p>Publication director: the chairman of {brand} Boutique. For any question, please use the <a href=\"/contact\">Contact</a> page.</p>",
    },
    {
      anchor: "host",
      title: "Hosting",
      html:
        "<p>The site is hosted on servers located in the European Union by a professional hosting provider, whose details are available from the publisher on request.</p>",
    },
    {
      anchor: "intellectual-property",
      title: "Intellectual property",
      html:
        "<p>The {brand} trademark, logos, pictures, texts and posters shown on this site are protected by intellectual property law. Any full or partial reproduction, display or adaptation without prior written permission is prohibited.</p>",
    },
    {
      anchor: "personal-data",
      title: "Personal data",
      html:
        "<p>The data collected on this site is used to manage your account, your orders and, if you agree, our newsletter. Under European regulations, you have the right to access, correct, erase, restrict, object to and port your data.</p><ul><li>To exercise your rights, write to us from the <a href=\"/contact\">Contact</a> page.</li><li>Details of how we process data are given in our <a href=\"/politique-de-protection-des-donnees-personnelles\">personal data protection policy</a>.</li><li>You may lodge a complaint with the CNIL, the French data protection authority.</li></ul>",
    },
    {
      anchor: "cookies",
      title: "Cookies",
      html:
        "<p>The site uses cookies needed for it to work (cart, sign-in) and, with your consent, those of outside services (relay point map, bot protection, payment). You can change your choices at any time on the <a href=\"/gestion-des-cookies\">Cookie settings</a> page.</p>",
    },
  ],
};

// ---------------------------------------------------------------------------
// Documents
// ---------------------------------------------------------------------------

export const contentDocuments: { fr: Documents; en: Documents } = {
  fr: {
    homepage: homepageFr,
    faq: faqFr,
    delivery: deliveryFr,
    "exchange-return": exchangeReturnFr,
    "terms-of-use": termsFr,
    "legal-mentions": legalFr,
    "data-protection": dataProtection.fr,
    blog: blog.fr,
    "home-slider": sliderFr,
  },
  en: {
    homepage: homepageEn,
    faq: faqEn,
    delivery: deliveryEn,
    "exchange-return": exchangeReturnEn,
    "terms-of-use": termsEn,
    "legal-mentions": legalEn,
    "data-protection": dataProtection.en,
    blog: blog.en,
    "home-slider": sliderEn,
  },
};

// ---------------------------------------------------------------------------
// Landing pages of the top-level categories
// ---------------------------------------------------------------------------

interface LandingText {
  title: string;
  intro: string;
  /** Lead-in of the list of sub-categories. */
  browse: string;
  footer: string;
  seo: Seo;
}

const landingTexts: Record<string, { fr: LandingText; en: LandingText }> = {
  travel: {
    fr: {
      title: "Voyage",
      intro: "Des valises pensées par des gens qui passent leur vie dans les aéroports : légères, robustes, aux dimensions admises en cabine.",
      browse: "Préparez votre prochain départ :",
      footer:
        "<p>Toutes nos valises sont garanties deux ans et livrées sous 48 heures. Besoin d'aide pour choisir la bonne taille ? Consultez notre <a href=\"/faq\">FAQ</a> ou écrivez-nous depuis la page <a href=\"/contact\">Contact</a>.</p>",
      seo: {
        title: "Valises, sacs et accessoires de voyage – {brand}",
        description: "Valises cabine et soute, sacs de voyage, oreillers, trousses de confort et accessoires : tout pour voyager avec {brand}.",
      },
    },
    en: {
      title: "Travel",
      intro: "Suitcases designed by people who spend their lives in airports: light, tough and sized for the cabin.",
      browse: "Get ready for your next trip:",
      footer:
        "<p>All our suitcases come with a two-year warranty and ship within 48 hours. Not sure which size to pick? Read our <a href=\"/faq\">FAQ</a> or write to us from the <a href=\"/contact\">Contact</a> page.</p>",
      seo: {
        title: "Suitcases, bags and travel accessories – {brand}",
        description: "Cabin and checked suitcases, travel bags, pillows, amenity kits and accessories: everything for travelling with {brand}.",
      },
    },
  },
  clothing: {
    fr: {
      title: "Vêtements",
      intro: "Polos, sweats, blousons de pilote et écharpes inspirés des uniformes de nos équipages, d'hier et d'aujourd'hui.",
      browse: "Trouvez votre tenue :",
      footer:
        "<p>Une taille ne convient pas ? L'échange est simple et le <a href=\"/echange-retour\">retour gratuit</a> depuis la France métropolitaine, pendant 30 jours.</p>",
      seo: {
        title: "Vêtements et accessoires de mode – {brand}",
        description: "Polos, sweats, blousons, écharpes, casquettes et montres aux couleurs de {brand}, pour femme et homme.",
      },
    },
    en: {
      title: "Clothing",
      intro: "Polo shirts, sweatshirts, pilot jackets and scarves inspired by our crews' uniforms, past and present.",
      browse: "Find your outfit:",
      footer:
        "<p>Wrong size? Exchanges are simple and <a href=\"/echange-retour\">returns are free</a> from mainland France for 30 days.</p>",
      seo: {
        title: "Clothing and fashion accessories – {brand}",
        description: "Polo shirts, sweatshirts, jackets, scarves, caps and watches in {brand} colours, for women and men.",
      },
    },
  },
  home: {
    fr: {
      title: "Maison",
      intro: "La porcelaine de la cabine Business, les plaids des vols de nuit et les affiches des années d'or du voyage aérien, pour la maison.",
      browse: "Composez votre intérieur :",
      footer:
        "<p>Vaisselle, verres et objets fragiles voyagent dans un calage renforcé. Un article arrivé abîmé ? Signalez-le depuis la page <a href=\"/contact\">Contact</a> et nous le remplaçons.</p>",
      seo: {
        title: "Art de la table, linge et décoration – {brand}",
        description: "Vaisselle de cabine, verres, plaids, coussins et affiches vintage {brand} pour la maison.",
      },
    },
    en: {
      title: "Home",
      intro: "Business cabin porcelain, night-flight throws and posters from the golden age of air travel, for your home.",
      browse: "Make yourself at home:",
      footer:
        "<p>Tableware, glassware and fragile items travel in reinforced packaging. Did something arrive damaged? Let us know from the <a href=\"/contact\">Contact</a> page and we will replace it.</p>",
      seo: {
        title: "Tableware, home textiles and decor – {brand}",
        description: "Cabin tableware, glassware, throws, cushions and vintage {brand} posters for the home.",
      },
    },
  },
  collectibles: {
    fr: {
      title: "Miniatures et collection",
      intro: "Maquettes à l'échelle, pin's, souvenirs d'archives et véritables pièces d'avion : de quoi enrichir toutes les collections.",
      browse: "Complétez votre collection :",
      footer:
        "<p>Les pièces d'avion proviennent d'appareils retirés du service et sont accompagnées de leur historique. Les séries numérotées sont limitées à deux exemplaires par commande.</p>",
      seo: {
        title: "Maquettes d'avions et objets de collection – {brand}",
        description: "Maquettes au 1/200, 1/400 et 1/500, pin's, objets vintage et pièces d'avion recyclées : la collection {brand}.",
      },
    },
    en: {
      title: "Miniatures and collectibles",
      intro: "Scale models, pins, archive memorabilia and genuine aircraft parts: something for every collection.",
      browse: "Add to your collection:",
      footer:
        "<p>Aircraft parts come from retired aircraft and are supplied with their history. Numbered series are limited to two per order.</p>",
      seo: {
        title: "Model aircraft and collectibles – {brand}",
        description: "1:200, 1:400 and 1:500 models, pins, vintage items and recycled aircraft parts: the {brand} collection.",
      },
    },
  },
  stationery: {
    fr: {
      title: "Papeterie",
      intro: "Carnets de vol, stylos, cartes postales et beaux livres pour noter, dessiner et raconter vos voyages.",
      browse: "Prenez la plume :",
      footer:
        "<p>Nos livres bénéficient du taux de TVA réduit de 5,5 %. Les carnets marqués « Fabriqué en France » sont imprimés et reliés par des ateliers français.</p>",
      seo: {
        title: "Papeterie, livres et cartes postales – {brand}",
        description: "Carnets, stylos, cartes postales, autocollants, livres d'aviation et calendriers {brand}.",
      },
    },
    en: {
      title: "Stationery",
      intro: "Logbooks, pens, postcards and coffee-table books to write, sketch and tell the story of your travels.",
      browse: "Pick up your pen:",
      footer:
        "<p>Our books carry the reduced 5.5 % VAT rate. Notebooks marked \"Made in France\" are printed and bound by French workshops.</p>",
      seo: {
        title: "Stationery, books and postcards – {brand}",
        description: "Notebooks, pens, postcards, stickers, aviation books and calendars from {brand}.",
      },
    },
  },
  "limited-editions": {
    fr: {
      title: "Éditions limitées",
      intro: "Des pièces numérotées, produites en petite série avec des artistes et des créateurs, pour célébrer l'histoire de {brand}.",
      browse: "Ne les laissez pas s'envoler :",
      footer:
        "<p>Les éditions limitées ne sont pas rééditées. Elles sont limitées à deux exemplaires par commande et restent couvertes par notre politique de <a href=\"/echange-retour\">retour sous 30 jours</a>.</p>",
      seo: {
        title: "Éditions limitées et collaborations – {brand}",
        description: "Collection anniversaire, collaborations avec des artistes et des créateurs : les éditions limitées et numérotées {brand}.",
      },
    },
    en: {
      title: "Limited editions",
      intro: "Numbered pieces, made in small runs with artists and designers, to celebrate the history of {brand}.",
      browse: "Don't let them fly away:",
      footer:
        "<p>Limited editions are never reissued. They are capped at two per order and are still covered by our <a href=\"/echange-retour\">30-day returns</a> policy.</p>",
      seo: {
        title: "Limited editions and collaborations – {brand}",
        description: "The anniversary collection and collaborations with artists and designers: numbered {brand} limited editions.",
      },
    },
  },
  kids: {
    fr: {
      title: "Enfants",
      intro: "Peluches, puzzles, jeux et kits d'activités pour faire rêver les futurs pilotes et rendre le vol plus court.",
      browse: "Pour les petits voyageurs :",
      footer:
        "<p>Tous nos jouets respectent les normes de sécurité européennes. L'âge conseillé est indiqué sur chaque fiche produit.</p>",
      seo: {
        title: "Jouets, vêtements et voyage enfant – {brand}",
        description: "Peluches, puzzles, jeux, déguisements de pilote et kits d'activités de voyage pour les enfants, par {brand}.",
      },
    },
    en: {
      title: "Kids",
      intro: "Soft toys, puzzles, games and activity kits to inspire future pilots and make the flight feel shorter.",
      browse: "For young travellers:",
      footer:
        "<p>All our toys meet European safety standards. The recommended age is shown on each product page.</p>",
      seo: {
        title: "Kids' toys, clothing and travel – {brand}",
        description: "Soft toys, puzzles, games, pilot costumes and travel activity kits for children, from {brand}.",
      },
    },
  },
};

/**
 * Landing content of every top-level category. `categoryPaths` maps a category key to its path in
 * `locale` (e.g. `travel` → `voyage`, `travel.luggage` → `voyage/bagagerie`).
 */
export function landingPages(locale: "fr" | "en", categoryPaths: Record<string, string>): LandingPage[] {
  const pathOf = (key: string): string => {
    const path = categoryPaths[key];
    if (path === undefined) throw new Error(`no ${locale} path for category ${key}`);
    return path;
  };
  return categoryTree.map((top) => {
    const text = landingTexts[top.key]?.[locale];
    if (!text) throw new Error(`no landing text for category ${top.key}`);
    const links = (top.children ?? [])
      .map((child) => `<li><a href="/categorie/${pathOf(child.key)}">${child.label[locale]}</a></li>`)
      .join("");
    return {
      categoryPath: pathOf(top.key),
      header: {
        title: text.title,
        html: `<p>${text.intro}</p><p><strong>${text.browse}</strong></p><ul>${links}</ul>`,
      },
      footer: { html: text.footer },
      seo: text.seo,
      featuredProducts: featuredByTopCategory[top.key] ?? [],
    };
  });
}
