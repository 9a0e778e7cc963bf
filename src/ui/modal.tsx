// The shop's dialog: a native modal <dialog> (the rest of the page becomes inert), labelled by its
// title, Escape and the close button close it, Tab stays inside, and focus goes back to where it
// was when the dialog opened. Mounted only while open, so closed dialogs cost nothing.
import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useSyncExternalStore,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
  type ReactNode,
} from "react";
import "./modal.css";

// While a modal dialog is open the rest of the page is inert and under it, so what must stay
// visible and usable above it (notifications) is rendered into the topmost dialog's slot.
let openSlots: HTMLElement[] = [];
const slotListeners = new Set<() => void>();
const emitSlots = () => slotListeners.forEach((listener) => listener());
const subscribeSlots = (listener: () => void) => {
  slotListeners.add(listener);
  return () => slotListeners.delete(listener);
};

/** The element that had the focus last: a modal opened after its opener lost the focus (a button
 *  disabled while its request ran) still finds its way back to it. */
let lastFocused: HTMLElement | null = null;
if (typeof document !== "undefined") {
  document.addEventListener("focusin", (event) => {
    if (event.target instanceof HTMLElement && event.target !== document.body) lastFocused = event.target;
  });
}

/** Where each open dialog gives the focus back when it closes. */
const openers = new WeakMap<Element, () => HTMLElement | null>();

/**
 * Where the focus goes when a dialog opened now closes: what had the focus; or, when that was in
 * another dialog gone since (the welcome dialog after the sign-in dialog), where that one returned it.
 */
function focusReturnTarget(): () => HTMLElement | null {
  const active = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : lastFocused;
  const parentDialog = active?.closest("dialog");
  const parentTarget = parentDialog ? openers.get(parentDialog) : undefined;
  return () => (active?.isConnected ? active : (parentTarget?.() ?? null)) ?? replacementOf(active);
}

/**
 * A control replaced while a dialog was open (the account button, a link once signed in) names
 * its role in `data-focus-return`: the focus goes to what holds that role now.
 */
function replacementOf(gone: HTMLElement | null | undefined): HTMLElement | null {
  const role = gone?.dataset.focusReturn;
  return role ? document.querySelector<HTMLElement>(`[data-focus-return="${CSS.escape(role)}"]`) : null;
}

/** The element of the topmost open dialog where overlays may be portalled, or null. */
export function useTopModalSlot(): HTMLElement | null {
  return useSyncExternalStore(
    subscribeSlots,
    () => openSlots[openSlots.length - 1] ?? null,
    () => null,
  );
}

export interface ModalProps {
  /** Whether the dialog is shown; the parent owns the state. */
  open: boolean;
  /** Asked to close (Escape, close button, click on the backdrop). */
  onClose: () => void;
  title: ReactNode;
  /** Accessible name of the close button (translated by the caller). */
  closeLabel: string;
  /** center: a card in the middle; sheet: full screen on phones; side: a panel from the left edge. */
  variant?: "center" | "sheet" | "side";
  /** Hides the title visually (it still names the dialog). */
  hideTitle?: boolean;
  className?: string;
  children: ReactNode;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export function Modal(props: ModalProps) {
  return props.open ? <OpenModal {...props} /> : null;
}

function OpenModal({ onClose, title, closeLabel, variant = "center", hideTitle = false, className, children }: ModalProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const slotRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const restoreTarget = focusReturnTarget();
    openers.set(dialog, restoreTarget);
    dialog.showModal();
    // A field marked data-autofocus (a search box) gets the focus; otherwise the first control.
    const preferred = dialog.querySelector<HTMLElement>("[data-autofocus]");
    preferred?.focus();
    const cancel = (event: Event) => {
      event.preventDefault();
      onCloseRef.current();
    };
    dialog.addEventListener("cancel", cancel);
    const slot = slotRef.current;
    if (slot) {
      openSlots = [...openSlots, slot];
      emitSlots();
    }
    return () => {
      dialog.removeEventListener("cancel", cancel);
      if (slot) {
        openSlots = openSlots.filter((open) => open !== slot);
        emitSlots();
      }
      if (dialog.open) dialog.close();
      restoreTarget()?.focus();
    };
  }, []);

  const keepFocusInside = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== "Tab") return;
    const focusables = Array.from(event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
      (element) => element.offsetParent !== null || element === document.activeElement,
    );
    const first = focusables[0];
    const last = focusables[focusables.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  // The dialog element itself is only hit outside its content box: that is the backdrop. A press
  // that starts inside (selecting text) and ends outside does not count.
  const pressedBackdrop = useRef(false);
  const notePress = (event: PointerEvent<HTMLDialogElement>) => {
    pressedBackdrop.current = event.target === event.currentTarget;
  };
  const closeOnBackdrop = (event: MouseEvent<HTMLDialogElement>) => {
    if (pressedBackdrop.current && event.target === event.currentTarget) onCloseRef.current();
    pressedBackdrop.current = false;
  };

  return (
    <dialog
      ref={dialogRef}
      className={`modal modal--${variant}${className ? ` ${className}` : ""}`}
      aria-labelledby={titleId}
      onKeyDown={keepFocusInside}
      onPointerDown={notePress}
      onClick={closeOnBackdrop}
    >
      <div className="modal__box">
        <header className="modal__header">
          <h2 id={titleId} className={hideTitle ? "visually-hidden" : "modal__title"}>
            {title}
          </h2>
          <button type="button" className="modal__close" onClick={() => onCloseRef.current()} aria-label={closeLabel}>
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" fill="none" />
            </svg>
          </button>
        </header>
        <div className="modal__body">{children}</div>
      </div>
      <div ref={slotRef} className="modal__slot" />
    </dialog>
  );
}
