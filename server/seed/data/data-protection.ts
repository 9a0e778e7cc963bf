// The personal data protection policy, in both languages (`{brand}` is filled in by the seed).
// Internal links are site paths without language: the shop's pages localise them.
import type { ContentPage } from "./content.ts";

export const dataProtection: { fr: ContentPage; en: ContentPage } = {
  fr: {
    title: "Politique de protection des données personnelles",
    seo: {
      title: "Protection des données personnelles – {brand}",
      description:
        "Quelles données la boutique {brand} collecte, pourquoi, combien de temps elle les garde et comment exercer vos droits.",
    },
    intro:
      "<p>La boutique en ligne {brand} traite vos données personnelles pour vous vendre ses produits et vous servir au mieux. Cette politique explique lesquelles, pourquoi, pour combien de temps, et comment exercer vos droits. Elle s'applique depuis le 1er janvier 2026.</p>",
    sections: [
      {
        anchor: "responsable",
        title: "Responsable du traitement",
        html: "<p>Le responsable du traitement est la société qui exploite la boutique {brand}, dont l'identité et l'adresse figurent dans les <a href=\"/mentions-legales\">mentions légales</a>. Pour toute question sur vos données, écrivez-nous depuis le <a href=\"/contact\">formulaire de contact</a>.</p>",
      },
      {
        anchor: "donnees-collectees",
        title: "Données collectées",
        html: "<ul><li><strong>Identité et contact</strong> : civilité, nom, prénom, adresse e-mail, téléphone, date de naissance si vous la donnez.</li><li><strong>Livraison et facturation</strong> : adresses, point relais choisi, historique des commandes et des paiements (mais jamais votre numéro de carte, traité uniquement par notre prestataire de paiement).</li><li><strong>Compte</strong> : mot de passe (jamais stocké en clair), préférences de langue et de newsletter, groupe de clientèle, matricule pour les salariés de la compagnie.</li><li><strong>Échanges</strong> : messages envoyés au service client, demandes d'alerte de retour en stock.</li><li><strong>Données techniques</strong> : adresse IP et type de navigateur, pour la sécurité de la boutique.</li></ul>",
      },
      {
        anchor: "finalites",
        title: "Pourquoi nous les utilisons",
        html: "<ul><li>Traiter vos commandes, les livrer, les facturer et gérer les retours (exécution du contrat).</li><li>Gérer votre compte client et, pour les salariés, l'accès aux tarifs réservés (exécution du contrat).</li><li>Répondre à vos messages et vous prévenir du retour d'un produit en stock, à votre demande (exécution de votre demande).</li><li>Vous envoyer la newsletter si vous y êtes abonné (consentement, retirable à tout moment).</li><li>Prévenir la fraude au paiement et sécuriser la boutique (intérêt légitime).</li><li>Respecter nos obligations comptables et fiscales (obligation légale).</li></ul>",
      },
      {
        anchor: "destinataires",
        title: "Destinataires",
        html: "<p>Vos données sont destinées aux équipes de la boutique chargées des commandes et du service client. Elles sont transmises, pour ce qui les concerne seulement, aux transporteurs, au prestataire de paiement et à nos hébergeurs, liés par contrat et tenus à la confidentialité. Lorsqu'un prestataire traite des données hors de l'Union européenne, le transfert est encadré par les clauses contractuelles types de la Commission européenne. Nous ne vendons jamais vos données.</p>",
      },
      {
        anchor: "conservation",
        title: "Durées de conservation",
        html: "<ul><li>Compte client : tant que le compte est actif, puis supprimé après 3 ans sans activité.</li><li>Commandes et factures : 10 ans, comme l'exige le Code de commerce.</li><li>Newsletter : jusqu'à votre désabonnement.</li><li>Alerte de retour en stock : jusqu'à l'envoi de l'alerte.</li><li>Messages au service client : 3 ans après le dernier échange.</li><li>Choix en matière de cookies : 12 mois.</li></ul>",
      },
      {
        anchor: "cookies",
        title: "Cookies",
        html: "<p>La boutique utilise des cookies indispensables (session de connexion de 30 minutes, panier conservé un jour, mémorisation de vos choix) et, seulement si vous l'acceptez, ceux des services extérieurs : fonds de carte pour choisir un point relais, vérification anti-robot et paiement. La boutique ne mesure pas son audience. Vous pouvez changer d'avis à tout moment sur la page <a href=\"/gestion-des-cookies\">Gestion des cookies</a>.</p>",
      },
      {
        anchor: "droits",
        title: "Vos droits",
        html: "<p>Vous disposez d'un droit d'accès, de rectification, d'effacement, de limitation, de portabilité et d'opposition, du droit de retirer votre consentement et de définir des directives sur le sort de vos données après votre décès. Pour les exercer, écrivez-nous depuis le <a href=\"/contact\">formulaire de contact</a> ; nous répondons dans un délai d'un mois. Si vous estimez que vos droits ne sont pas respectés, vous pouvez saisir la CNIL (<a href=\"https://www.cnil.fr\" rel=\"noopener\">www.cnil.fr</a>).</p>",
      },
      {
        anchor: "securite",
        title: "Sécurité",
        html: "<p>Les échanges avec la boutique sont chiffrés, les mots de passe ne sont jamais stockés en clair et la connexion peut être protégée par un code à usage unique envoyé par e-mail. L'accès aux données est réservé aux personnes qui en ont besoin.</p>",
      },
    ],
  },
  en: {
    title: "Personal data protection policy",
    seo: {
      title: "Personal data protection – {brand}",
      description: "What data the {brand} shop collects, why, how long it keeps it and how to exercise your rights.",
    },
    intro:
      "<p>The {brand} online shop processes your personal data to sell you its products and serve you well. This policy explains which data, why, for how long, and how to exercise your rights. It applies from 1 January 2026.</p>",
    sections: [
      {
        anchor: "responsable",
        title: "Data controller",
        html: "<p>The data controller is the company that runs the {brand} shop, whose name and address are given in the <a href=\"/mentions-legales\">legal notice</a>. For any question about your data, write to us through the <a href=\"/contact\">contact form</a>.</p>",
      },
      {
        anchor: "donnees-collectees",
        title: "Data we collect",
        html: "<ul><li><strong>Identity and contact</strong>: title, last and first name, email address, phone number, date of birth if you give it.</li><li><strong>Delivery and billing</strong>: addresses, chosen pickup point, order and payment history (never your card number, which only our payment provider handles).</li><li><strong>Account</strong>: password (never stored in plain text), language and newsletter preferences, customer group, staff number for airline employees.</li><li><strong>Messages</strong>: messages sent to customer service, back-in-stock alert requests.</li><li><strong>Technical data</strong>: IP address and browser type, to keep the shop secure.</li></ul>",
      },
      {
        anchor: "finalites",
        title: "Why we use it",
        html: "<ul><li>To process, deliver and invoice your orders and handle returns (performance of the contract).</li><li>To manage your customer account and, for employees, access to staff prices (performance of the contract).</li><li>To answer your messages and tell you when a product is back in stock, as you asked (your request).</li><li>To send you the newsletter if you subscribed (consent, which you may withdraw at any time).</li><li>To prevent payment fraud and keep the shop secure (legitimate interest).</li><li>To meet our accounting and tax obligations (legal obligation).</li></ul>",
      },
      {
        anchor: "destinataires",
        title: "Who receives it",
        html: "<p>Your data is meant for the shop's order and customer service teams. Only what they need is passed on to carriers, the payment provider and our hosting providers, all bound by contract and confidentiality. When a provider processes data outside the European Union, the transfer is covered by the European Commission's standard contractual clauses. We never sell your data.</p>",
      },
      {
        anchor: "conservation",
        title: "How long we keep it",
        html: "<ul><li>Customer account: while the account is active, then deleted after 3 years without activity.</li><li>Orders and invoices: 10 years, as French commercial law requires.</li><li>Newsletter: until you unsubscribe.</li><li>Back-in-stock alert: until the alert is sent.</li><li>Messages to customer service: 3 years after the last exchange.</li><li>Your cookie choices: 12 months.</li></ul>",
      },
      {
        anchor: "cookies",
        title: "Cookies",
        html: "<p>The shop uses essential cookies (a 30-minute sign-in session, a cart kept for one day, your choices remembered) and, only if you accept them, those of outside services: the map for choosing a relay point, bot protection and payment. The shop does not measure its audience. You can change your mind at any time on the <a href=\"/gestion-des-cookies\">Cookie settings</a> page.</p>",
      },
      {
        anchor: "droits",
        title: "Your rights",
        html: "<p>You have the right to access, correct, erase, restrict and port your data, to object to its use, to withdraw your consent and to give instructions about your data after your death. To exercise them, write to us through the <a href=\"/contact\">contact form</a>; we answer within one month. If you believe your rights are not respected, you may complain to the French data protection authority, the CNIL (<a href=\"https://www.cnil.fr\" rel=\"noopener\">www.cnil.fr</a>).</p>",
      },
      {
        anchor: "securite",
        title: "Security",
        html: "<p>Exchanges with the shop are encrypted, passwords are never stored in plain text and sign-in can be protected by a one-time code sent by email. Access to data is limited to the people who need it.</p>",
      },
    ],
  },
};
