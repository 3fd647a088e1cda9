// Keyed patching: brings a live element's children to a freshly built tree (the components' own
// output, built with dom.js's `h`) by changing only what differs. A node whose key matches keeps its
// place and identity (focus, scroll, running animations stay with it); only nodes that are gone or
// new are removed or inserted. Why not a library: docs/web-pages.md, "Updating in place".

import { HANDLERS, listen } from "./dom.js";

// What names an element among its siblings besides its tag and first class: the hooks the
// components already set. Siblings with the same key are matched in order.
const IDENTITY = ["data-key", "data-player", "data-factory", "data-line", "data-row", "data-column", "data-slot", "data-clock-for", "id"];

function keyOf(node) {
  if (node.nodeType !== Node.ELEMENT_NODE) return `#${node.nodeType}`;
  let key = node.localName;
  const base = node.getAttribute("class");
  if (base) key += `.${base.trim().split(/\s+/)[0]}`;
  for (const name of IDENTITY) {
    const value = node.getAttribute(name);
    if (value !== null) key += `[${name}=${value}]`;
  }
  return key;
}

function patchAttributes(live, wanted) {
  for (const { name } of [...live.attributes]) {
    if (!wanted.hasAttribute(name)) live.removeAttribute(name);
  }
  for (const { name, value } of wanted.attributes) {
    if (live.getAttribute(name) !== value) live.setAttribute(name, value);
  }
  // Form fields: the property is what shows once the user has touched it, not the attribute.
  if (!(wanted instanceof HTMLInputElement || wanted instanceof HTMLSelectElement || wanted instanceof HTMLTextAreaElement)) return;
  if (live.value !== wanted.value && live !== document.activeElement) live.value = wanted.value;
  if (live.checked !== wanted.checked) live.checked = wanted.checked;
}

function patchHandlers(live, wanted) {
  const now = wanted[HANDLERS] || {};
  const before = live[HANDLERS] || {};
  for (const type of Object.keys(before)) {
    if (!(type in now)) before[type] = null;
  }
  for (const [type, handler] of Object.entries(now)) listen(live, type, handler);
}

function patchNode(live, wanted) {
  if (live.nodeType !== Node.ELEMENT_NODE) {
    if (live.nodeValue !== wanted.nodeValue) live.nodeValue = wanted.nodeValue;
    return;
  }
  patchAttributes(live, wanted);
  patchHandlers(live, wanted);
  // A slot another component fills (the rematch panel in the end screen) keeps what it was given.
  if (wanted.hasAttribute("data-filled-elsewhere")) return;
  patchChildren(live, [...wanted.childNodes]);
}

// `parent`'s children become `wanted` (nodes of a tree not in the document).
export function patchChildren(parent, wanted) {
  const pool = new Map();
  for (const node of parent.childNodes) {
    const key = keyOf(node);
    if (!pool.has(key)) pool.set(key, []);
    pool.get(key).push(node);
  }
  const matches = wanted.map((node) => {
    const candidates = pool.get(keyOf(node));
    return candidates && candidates.length ? candidates.shift() : null;
  });
  const kept = new Set(matches.filter(Boolean));
  for (const node of [...parent.childNodes]) {
    if (!kept.has(node)) node.remove();
  }
  let cursor = parent.firstChild;
  wanted.forEach((node, index) => {
    const match = matches[index];
    if (!match) {
      parent.insertBefore(node, cursor);
      return;
    }
    // Only a keyed reorder moves a node; a stable layout walks straight through.
    if (match === cursor) cursor = cursor.nextSibling;
    else parent.insertBefore(match, cursor);
    patchNode(match, node);
  });
}

// `host`'s content becomes `tree` (one element or a list), in place.
export function patch(host, tree) {
  patchChildren(host, Array.isArray(tree) ? tree : [tree]);
}
