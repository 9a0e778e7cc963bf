// The sign-in dialog's paths in the dialog's words (layout.login.*, auth.*, errors.login.*,
// errors.auth.*, sso.*).
import type { SnapshotFrom } from "xstate";
import { defineFlowSteps, type StateWords, type Words } from "../shared/flow-steps.ts";
import type { authMachine } from "./auth.machine.ts";
import { CODE_REQUIRED, EXCHANGE_FAILURES, NO_SESSION, SAMPLE_CODE, authModel } from "./auth.model.ts";
import type { AuthErrorId, SingleSignOnFailure } from "./auth.types.ts";

const ERRORS: Record<AuthErrorId, Words> = {
  "errors.login.unauthorized": { fr: "Adresse e-mail ou mot de passe incorrect.", en: "Wrong email address or password." },
  "errors.login.allReadyExist": { fr: "Un compte existe déjà avec ces informations.", en: "An account already exists with these details." },
  "errors.login.notFound": { fr: "Aucun compte ne correspond à ces informations.", en: "No account matches these details." },
  "errors.server.access": { fr: "Une erreur est survenue, veuillez réessayer plus tard.", en: "Something went wrong, please try again later." },
  "errors.server.gpNet": {
    fr: "L’annuaire du personnel est indisponible pour le moment. Veuillez réessayer plus tard.",
    en: "The staff directory is unavailable at the moment. Please try again later.",
  },
  "errors.auth.unauthorized": { fr: "Le code saisi est incorrect.", en: "The code you entered is not correct." },
  "errors.auth.tooMuch": {
    fr: "Trop de tentatives pour ce code. Connectez-vous à nouveau pour en recevoir un nouveau.",
    en: "Too many attempts for this code. Sign in again to receive a new one.",
  },
  "errors.auth.timeOut": { fr: "Ce code a expiré. Connectez-vous à nouveau pour en recevoir un nouveau.", en: "This code has expired. Sign in again to receive a new one." },
  "errors.notfound": { fr: "Désolé, ce que vous cherchez est introuvable.", en: "Sorry, what you are looking for cannot be found." },
  "auth.error.tooManyRequests": {
    fr: "Trop de tentatives. Veuillez patienter quelques minutes avant de réessayer.",
    en: "Too many attempts. Please wait a few minutes before trying again.",
  },
  "auth.error.captcha": { fr: "La vérification anti-robot a échoué. Veuillez réessayer.", en: "The anti-robot check failed. Please try again." },
};

const FAILURES: Record<SingleSignOnFailure, Words> = {
  stateRejected: { fr: "Nous n'avons pas pu vérifier l'origine de cette connexion. Veuillez recommencer.", en: "We could not verify where this sign-in came from. Please start again." },
  codeRejected: { fr: "Habile a refusé la connexion, ou elle a expiré. Veuillez réessayer.", en: "Habile refused the sign-in, or it expired. Please try again." },
  tokenRejected: { fr: "L'identité transmise par Habile n'a pas pu être vérifiée. Veuillez réessayer.", en: "The identity sent by Habile could not be verified. Please try again." },
  identityIncomplete: {
    fr: "Votre compte Habile ne contient pas les informations nécessaires à la boutique (adresse e-mail, matricule). Veuillez contacter votre service RH.",
    en: "Your Habile account lacks the details the shop needs (e-mail address, staff number). Please contact your HR department.",
  },
  accountExists: ERRORS["errors.login.allReadyExist"],
  tooManyRequests: ERRORS["auth.error.tooManyRequests"],
  unavailable: ERRORS["errors.server.access"],
};

type AuthSnapshot = SnapshotFrom<typeof authMachine>;

/** The view's title on the tab the dialog is on. */
function view(snapshot: AuthSnapshot, personal: Words, employee: Words): Words {
  return snapshot.context.flow === "gpnet" ? employee : personal;
}

/** The view, with the error it says, if any. */
function withError(snapshot: AuthSnapshot, shown: Words): Words {
  const { errorId } = snapshot.context;
  if (errorId === null) return shown;
  const error = ERRORS[errorId];
  return { fr: `${shown.fr}, qui dit « ${error.fr} »`, en: `${shown.en}, saying “${error.en}”` };
}

function attempts(count: number): Words {
  return count === 1
    ? { fr: "Il vous reste 1 tentative.", en: "You have 1 attempt left." }
    : { fr: `Il vous reste ${count} tentatives.`, en: `You have ${count} attempts left.` };
}

function failed(snapshot: AuthSnapshot): Words {
  const failure = snapshot.context.singleSignOnFailure;
  const reason = failure === null ? { fr: "", en: "" } : FAILURES[failure];
  return { fr: `la page « Connexion impossible » dit « ${reason.fr} »`, en: `the “Sign-in failed” page says “${reason.en}”` };
}

const LOGIN = { fr: "la vue « Se connecter avec son compte personnel »", en: "the “Sign in with your personal account” view" };
const GPNET_LOGIN = { fr: "la vue « Se connecter avec son compte salarié »", en: "the “Sign in with your employee account” view" };
const REGISTER = { fr: "la vue « Créer un compte »", en: "the “Create an account” view" };
const GPNET_REGISTER = { fr: "la vue « Créer un compte salarié »", en: "the “Create an employee account” view" };
const FORGOT = { fr: "la vue « Mot de passe oublié »", en: "the “Forgotten password” view" };
const REDIRECTING = { fr: "« Redirection vers Habile… »", en: "“Taking you to Habile…”" };
const LEAVING = { fr: "le navigateur part vers Habile", en: "the browser leaves for Habile" };

const states: Record<string, StateWords<AuthSnapshot>> = {
  closed: { fr: "la fenêtre de connexion est fermée", en: "the sign-in dialog is closed" },
  "open.login.editing": (snapshot) => withError(snapshot, view(snapshot, LOGIN, GPNET_LOGIN)),
  "open.login.submitting": { fr: "le bouton dit « Connexion… »", en: "the button says “Signing in…”" },
  "open.register.editing": (snapshot) => withError(snapshot, view(snapshot, REGISTER, GPNET_REGISTER)),
  "open.register.submitting": { fr: "le bouton dit « Création du compte… »", en: "the button says “Creating the account…”" },
  "open.forgot.editing": (snapshot) => withError(snapshot, FORGOT),
  "open.forgot.submitting": { fr: "le bouton dit « Envoi… »", en: "the button says “Sending…”" },
  "open.code.editing": (snapshot) => {
    const { errorId, attemptsLeft } = snapshot.context;
    const said = [...(errorId === null ? [] : [ERRORS[errorId]]), ...(attemptsLeft === null ? [] : [attempts(attemptsLeft)])];
    const view = { fr: "la vue « Code de vérification »", en: "the “Verification code” view" };
    if (said.length === 0) return view;
    return {
      fr: `${view.fr} dit ${said.map((words) => `« ${words.fr} »`).join(" et ")}`,
      en: `${view.en} says ${said.map((words) => `“${words.en}”`).join(" and ")}`,
    };
  },
  "open.code.submitting": { fr: "le bouton dit « Vérification… »", en: "the button says “Checking…”" },
  "open.singleSignOn.redirecting": REDIRECTING,
  "open.singleSignOn.leaving": LEAVING,
  "open.singleSignOn.failed": failed,
  "singleSignOn.redirecting": { fr: "la page dit « Redirection vers la connexion salariés… »", en: "the page says “Taking you to the employee sign-in…”" },
  "singleSignOn.leaving": LEAVING,
  "singleSignOn.exchanging": { fr: "la page dit « Connexion en cours… »", en: "the page says “Signing you in…”" },
  "singleSignOn.failed": failed,
  welcome: { fr: "la vue « Bienvenue Ann Martin » dit « Vous êtes connecté. »", en: "the “Welcome Ann Martin” view says “You are signed in.”" },
  resetSent: (snapshot) => ({
    fr: `la vue « Réinitialisation du mot de passe » dit qu’un lien est envoyé à ${snapshot.context.email} s’il existe un compte`,
    en: `the “Password reset” view says a link is sent to ${snapshot.context.email} if an account exists`,
  }),
};

const NO_SESSION_WORDS: Words = { fr: "(le serveur répond sans session ni code à demander)", en: "(the server answers with neither a session nor a code to ask for)" };

function statusOf(error: unknown): string {
  return typeof error === "object" && error !== null && "status" in error ? String(error.status) : "?";
}

function codeOf(error: unknown): string {
  return typeof error === "object" && error !== null && "code" in error ? String(error.code) : "";
}

export const authSteps = defineFlowSteps(authModel, {
  states,
  event: (event, before) => {
    switch (event.type) {
      case "auth.open":
        if (event.reloaded) return { fr: "La session enregistrée est illisible : la fenêtre de connexion s’ouvre d’elle-même", en: "The stored session cannot be read: the sign-in dialog opens by itself" };
        return { fr: "Ouvrir « Connexion »", en: "Open “Sign in”" };
      case "auth.close":
        return { fr: "Fermer la fenêtre", en: "Close the dialog" };
      case "auth.selectTab":
        return event.tab === "employee"
          ? { fr: "Cliquer sur l’onglet « Salarié de la compagnie »", en: "Click the “Airline employee” tab" }
          : { fr: "Cliquer sur l’onglet « Compte personnel »", en: "Click the “Personal account” tab" };
      case "auth.showLogin":
        return before.matches({ open: "register" })
          ? { fr: "Cliquer sur « J’ai déjà un compte »", en: "Click “I already have an account”" }
          : { fr: "Cliquer sur « Retour à la connexion »", en: "Click “Back to sign in”" };
      case "auth.showRegister":
        return { fr: "Cliquer sur « Créer un compte »", en: "Click “Create an account”" };
      case "auth.showForgot":
        return { fr: "Cliquer sur « Mot de passe oublié ? »", en: "Click “Forgot your password?”" };
      case "auth.submitLogin":
        return before.context.flow === "gpnet"
          ? { fr: "Saisir le numéro GPNet, l’adresse e-mail et le mot de passe, puis cliquer sur « Se connecter »", en: "Fill in the GPNet number, e-mail address and password, then click “Sign in”" }
          : { fr: "Saisir l’adresse e-mail et le mot de passe, puis cliquer sur « Se connecter »", en: "Fill in the e-mail address and password, then click “Sign in”" };
      case "auth.submitRegister":
        return { fr: "Remplir le formulaire et cliquer sur « Créer mon compte »", en: "Fill in the form and click “Create my account”" };
      case "auth.submitForgot":
        return { fr: "Saisir l’adresse e-mail et cliquer sur « Envoyer le lien »", en: "Fill in the e-mail address and click “Send the link”" };
      case "auth.submitCode":
        return event.oneTimePassword === SAMPLE_CODE
          ? { fr: `Taper le code « ${event.oneTimePassword} » et cliquer sur « Valider »`, en: `Type the code “${event.oneTimePassword}” and click “Confirm”` }
          : undefined;
      case "auth.startSingleSignOn":
        return event.habileType === "BRAND_EMPLOYEE"
          ? { fr: "Cliquer sur « Se connecter avec Habile »", en: "Click “Sign in with Habile”" }
          : { fr: "Ouvrir une page réservée au programme Empowerment : la connexion Habile démarre", en: "Open a page of the Empowerment programme: the Habile sign-in starts" };
      case "auth.returnFromSingleSignOn":
        return event.state === event.expectedState
          ? { fr: "Revenir de Habile dans le même onglet", en: "Come back from Habile in the same tab" }
          : { fr: "Revenir de Habile avec une connexion que cet onglet n’a pas lancée", en: "Come back from Habile with a sign-in this tab did not start" };
      case "xstate.done.actor.signIn":
        if (event.output === NO_SESSION) return NO_SESSION_WORDS;
        return event.output === CODE_REQUIRED
          ? { fr: "(le serveur envoie un code par e-mail)", en: "(the server e-mails a code)" }
          : { fr: "(le serveur accepte la connexion)", en: "(the server accepts the sign-in)" };
      case "xstate.done.actor.verifyCode":
        if (event.output === NO_SESSION) return NO_SESSION_WORDS;
        return { fr: "(le serveur accepte le code)", en: "(the server accepts the code)" };
      case "xstate.done.actor.register":
        if (event.output === NO_SESSION) return NO_SESSION_WORDS;
        return { fr: "(le serveur crée le compte)", en: "(the server creates the account)" };
      case "xstate.done.actor.requestReset":
        return { fr: "(le serveur envoie le lien)", en: "(the server sends the link)" };
      case "xstate.done.actor.startSingleSignOn":
        return { fr: "(le serveur donne l’adresse de Habile)", en: "(the server gives Habile’s address)" };
      case "xstate.done.actor.exchangeCode":
        if (event.output === NO_SESSION) return NO_SESSION_WORDS;
        return { fr: "(Habile confirme l’identité : le client est connecté)", en: "(Habile confirms the identity: the customer is signed in)" };
      case "xstate.error.actor.signIn":
        return codeOf(event.error) === "GPNET_UNAVAILABLE"
          ? { fr: "(l’annuaire du personnel est injoignable)", en: "(the staff directory cannot be reached)" }
          : { fr: "(le serveur refuse l’adresse ou le mot de passe)", en: "(the server refuses the address or the password)" };
      case "xstate.error.actor.verifyCode":
        switch (codeOf(event.error)) {
          case "OTP_MISMATCH":
            return JSON.stringify(event.error).includes("|")
              ? { fr: "(le code est faux, le serveur compte les tentatives restantes)", en: "(the code is wrong, the server counts the attempts left)" }
              : { fr: "(le code est faux, sans compte des tentatives)", en: "(the code is wrong, with no count of attempts)" };
          case "OTP_TOO_MANY_ATTEMPTS":
            return { fr: "(trop de tentatives pour ce code)", en: "(too many attempts for this code)" };
          case "OTP_EXPIRED":
            return { fr: "(le code a expiré)", en: "(the code has expired)" };
          default:
            return { fr: "(le serveur échoue)", en: "(the server fails)" };
        }
      case "xstate.error.actor.register":
        return { fr: "(le serveur répond : le compte existe déjà)", en: "(the server answers: the account already exists)" };
      case "xstate.error.actor.requestReset":
        return { fr: "(le serveur échoue)", en: "(the server fails)" };
      case "xstate.error.actor.startSingleSignOn":
        return { fr: "(Habile est injoignable)", en: "(Habile cannot be reached)" };
      case "xstate.error.actor.exchangeCode": {
        const failure = EXCHANGE_FAILURES.find((known) => known === event.error);
        return failure && { fr: `(l’échange avec Habile échoue : ${statusOf(failure)} ${codeOf(failure)})`, en: `(the exchange with Habile fails: ${statusOf(failure)} ${codeOf(failure)})` };
      }
      default:
        return undefined;
    }
  },
});
