// A tiny element builder. Text always goes through textContent, so user data is never parsed as HTML.

export function h(tag, props = {}, children = []) {
  const element = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") element.className = Array.isArray(value) ? value.filter(Boolean).join(" ") : value;
    else if (key === "text") element.textContent = String(value);
    else if (key === "dataset") Object.assign(element.dataset, value);
    else if (key === "style") {
      for (const [name, setting] of Object.entries(value)) element.style.setProperty(name, setting);
    }
    else if (key.startsWith("on")) listen(element, key.slice(2).toLowerCase(), value);
    else if (value === true) element.setAttribute(key, "");
    else element.setAttribute(key, String(value));
  }
  const list = Array.isArray(children) ? children : [children];
  for (const child of list) {
    if (child === null || child === undefined || child === false) continue;
    element.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return element;
}

// Handlers are kept on the element and called through one listener per event type, so that
// patch.js can hand a redrawn element's handlers to the live element it keeps in its place.
export const HANDLERS = Symbol("handlers");

export function listen(element, type, handler) {
  if (!element[HANDLERS]) element[HANDLERS] = {};
  if (!(type in element[HANDLERS])) {
    element.addEventListener(type, function (event) {
      const current = element[HANDLERS][type];
      if (current) return current.call(this, event);
      return undefined;
    });
  }
  element[HANDLERS][type] = handler;
}

export function clear(element) {
  while (element.firstChild) element.removeChild(element.firstChild);
}
