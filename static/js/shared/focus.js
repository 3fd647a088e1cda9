// Keyboard play: every redraw replaces the board's elements, so focus is kept by a key (what the
// element is: "a group of 3 red from factory 2", "line 4", "Confirm") and put back on the element
// with the same key; arrow keys move between the lit choices of one part of the board.

const KEY_ATTRIBUTES = [
  "focusKey", "pick", "source", "colour", "target", "line", "row", "column", "choice", "cell", "slot",
  "sun", "moon", "display", "revealed", "rotation", "confirm", "undo", "hint", "expand", "skip", "player",
];

const FOCUSABLE = "button:not([disabled]), [role=button][tabindex='0'], a[href], input, select";

export function focusKeyOf(element) {
  if (!element || !element.dataset) return null;
  const parts = KEY_ATTRIBUTES.filter((name) => element.dataset[name] !== undefined).map((name) => `${name}=${element.dataset[name]}`);
  if (!parts.length) return null;
  const board = element.closest("[data-player]");
  return `${board ? `board=${board.dataset.player}|` : ""}${parts.join("|")}`;
}

export function findByFocusKey(root, key) {
  if (!key) return null;
  for (const element of root.querySelectorAll(FOCUSABLE)) if (focusKeyOf(element) === key) return element;
  return null;
}

// Arrow keys inside a [data-nav] part move to the previous / next focusable element of that part.
export function arrowNavigation(event) {
  const forward = { ArrowRight: true, ArrowDown: true, ArrowLeft: false, ArrowUp: false }[event.key];
  if (forward === undefined || event.altKey || event.ctrlKey || event.metaKey) return;
  const target = event.target;
  if (!target || target.tagName === "INPUT" || target.tagName === "SELECT") return;
  const part = target.closest("[data-nav]");
  if (!part) return;
  const items = [...part.querySelectorAll(FOCUSABLE)].filter((element) => element.offsetParent !== null);
  const index = items.indexOf(target);
  if (index < 0 || items.length < 2) return;
  event.preventDefault();
  items[(index + (forward ? 1 : items.length - 1)) % items.length].focus();
}

export function focusFirst(root, selector) {
  const element = root.querySelector(selector);
  if (element) element.focus({ preventScroll: false });
  return Boolean(element);
}
