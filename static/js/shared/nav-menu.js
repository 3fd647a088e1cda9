// The header's Menu button: on a phone's game page (board/fit.css) the header shows the brand, "Your
// turn", the account and this button; the other links and the language fold behind it, so that the
// header stays one line above the board and every link stays one tap away.

const nav = document.getElementById("site-nav");
const toggle = nav && nav.querySelector(".nav-menu-toggle");

if (toggle) {
  const setOpen = (open) => {
    nav.classList.toggle("is-open", open);
    toggle.setAttribute("aria-expanded", open ? "true" : "false");
  };
  toggle.addEventListener("click", () => setOpen(!nav.classList.contains("is-open")));
  nav.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && nav.classList.contains("is-open")) {
      setOpen(false);
      toggle.focus();
    }
  });
}
