/** A modal dialog is open (a duplicate warning, a receipt): page shortcuts must not act behind it. */
export function aModalDialogIsOpen(): boolean {
  return document.querySelector('[role="dialog"][aria-modal="true"]') !== null;
}
