// Movement on the board with the Web Animations API: a tile travels from where it was to where it is
// drawn now. Nothing moves for people who ask for reduced motion.

export function reducedMotion() {
  return Boolean(window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches);
}

export function rectOf(element) {
  return element ? element.getBoundingClientRect() : null;
}

// Play `element` in from `from` (a DOMRect where the tile was).
export function travel(element, from, { delay = 0, duration = 420 } = {}) {
  if (!element || !from || reducedMotion() || !element.animate) return;
  const to = element.getBoundingClientRect();
  const dx = from.left + from.width / 2 - (to.left + to.width / 2);
  const dy = from.top + from.height / 2 - (to.top + to.height / 2);
  if (Math.abs(dx) < 1 && Math.abs(dy) < 1) return;
  element.animate(
    [
      { transform: `translate(${dx}px, ${dy}px)`, zIndex: 20 },
      { transform: "translate(0, 0)", zIndex: 20 },
    ],
    { duration, delay, easing: "cubic-bezier(.2,.7,.3,1)", fill: "backwards" },
  );
}

// A short pop for what just appeared (a point mark, a placed tile).
export function pop(element, { delay = 0 } = {}) {
  if (!element || reducedMotion() || !element.animate) return;
  element.animate([{ transform: "scale(0.4)", opacity: 0 }, { transform: "scale(1)", opacity: 1 }], { duration: 260, delay, easing: "ease-out", fill: "backwards" });
}
