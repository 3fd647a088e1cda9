// The page's language for JS: Django's JavaScriptCatalog (loaded by base.html before any module)
// defines window.gettext & co.; modules import them from here so that makemessages finds the
// literal gettext("...") calls. Without the catalogue (a module loaded on its own) they fall back to
// the English text. Numbers and dates use Intl with the page's <html lang>.

const identity = (text) => text;

export const gettext = window.gettext || identity;
export const ngettext = window.ngettext || ((singular, plural, count) => (count === 1 ? singular : plural));
export const pgettext = window.pgettext || ((_context, text) => text);
export const npgettext = window.npgettext || ((_context, singular, plural, count) => (count === 1 ? singular : plural));
export const interpolate = window.interpolate || ((format, values, named) => (named
  ? format.replace(/%\(\w+\)s/g, (match) => String(values[match.slice(2, -2)]))
  : format.replace(/%s/g, () => String(values.shift()))));

export const language = document.documentElement.lang || "en";

// gettext then interpolate with named values: fmt(gettext("%(name)s took %(count)s"), {...}).
export function fmt(format, values) {
  return interpolate(format, values, true);
}

// French elides "de" before a vowel: "la table d’Alice", not "de Alice". Applied to a translated
// sentence that holds `name` after "de " (every other language passes through unchanged).
export function elideBeforeName(text, name) {
  if (!language.startsWith("fr") || !name || !startsWithVowelSound(name)) return text;
  return text.split(`de ${name}`).join(`d’${name}`);
}

export function startsWithVowelSound(word) {
  const first = word.normalize("NFD").charAt(0).toLowerCase();
  return "aeiouyh".includes(first);
}

export function formatNumber(value, options) {
  return new Intl.NumberFormat(language, options).format(value);
}

// Points as figures are shown: a fixed number of decimals, the language's decimal mark and a true
// minus sign (U+2212), "+" before a gain when `signed`: formatPoints(-8, { signed: true }) is "−8.0".
export function formatPoints(value, { decimals = 1, signed = false } = {}) {
  const text = formatNumber(value, {
    minimumFractionDigits: decimals, maximumFractionDigits: decimals, signDisplay: signed ? "exceptZero" : "auto",
  });
  return text.replace(/-/g, "\u2212");
}

export function formatDate(date, options = { dateStyle: "medium" }) {
  return new Intl.DateTimeFormat(language, options).format(date instanceof Date ? date : new Date(date));
}

export function formatDateTime(date, options = { dateStyle: "medium", timeStyle: "short" }) {
  return formatDate(date, options);
}
