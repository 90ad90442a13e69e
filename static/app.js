// A few lines htmx cannot do. No framework, no inline script (the CSP forbids it).
// This file and every static/js/*.js are served as one script (app/web/assets.py), each in a
// function of its own.
"use strict";

// The page's words for what this script writes (base.html puts them on <body>, translated).
function text(name, english) {
  return (document.body && document.body.dataset[name]) || english;
}

// The page's polite live region (#page-said): what a screen reader should hear that the page
// does not otherwise announce. Emptied first, so the same words said twice are read twice.
function say(message) {
  const said = document.getElementById("page-said");
  if (!said) return;
  said.textContent = "";
  if (message) setTimeout(() => { said.textContent = message; }, 50);
}

// Copy buttons: <button data-copy-target="field-id">, hidden by the style sheet until this
// script marks the page as having it, as nothing else can copy (without it the link waits in
// its field to be selected). A class on the page, not an attribute on each button, so a
// button that a poll swaps in is there at once and keeps the keyboard focus it had. For a
// few seconds the button reads "Copied" and the page's polite live region says so (a
// button's new name is not read out); focus stays on the button. Where the clipboard is
// refused, the link stays selected for Ctrl+C.
document.documentElement.classList.add("has-script");

document.addEventListener("click", (event) => {
  const button = event.target.closest("[data-copy-target]");
  if (!button) return;
  const field = document.getElementById(button.dataset.copyTarget);
  if (!field) return;
  field.select();
  const copied = () => {
    const label = button.dataset.label || (button.dataset.label = button.textContent);
    button.textContent = text("textCopied", "Copied");
    say(button.textContent);
    button.focus();
    setTimeout(() => { button.textContent = label; say(""); }, 3000);
  };
  const byHand = () => (document.execCommand("copy") ? copied() : field.focus());
  if (navigator.clipboard) navigator.clipboard.writeText(field.value).then(copied, byHand);
  else byHand();
});

// A form marked data-carry="form-id" also sends the fields of that form it lacks itself, so
// that a swap redrawing both gives back what was typed there (a score sheet's next hole while
// an earlier one is fixed). Not hx-include: htmx would hold the request back until those
// half-typed fields were valid.
document.addEventListener("htmx:configRequest", (event) => {
  const form = event.detail.elt.closest("form[data-carry]");
  const other = form && document.getElementById(form.dataset.carry);
  if (!other) return;
  for (const [name, value] of new FormData(other)) {
    if (!event.detail.formData.has(name)) event.detail.formData.append(name, value);
  }
});

// A region marked data-scroll-end opens scrolled to its far end, where the newest columns are
// (a score sheet's latest holes on a phone), and comes back there when a swap redraws it.
function scrollToEnd() {
  for (const region of document.querySelectorAll("[data-scroll-end]")) {
    region.scrollLeft = region.scrollWidth;
  }
}

// A score table wider than its box is marked, and its caption then says it slides sideways.
function markScrollable() {
  for (const box of document.querySelectorAll(".table-scroll")) {
    box.classList.toggle("is-scrollable", box.scrollWidth > box.clientWidth + 1);
  }
}

for (const ready of ["DOMContentLoaded", "htmx:load"]) {
  document.addEventListener(ready, scrollToEnd);
  document.addEventListener(ready, markScrollable);
}
window.addEventListener("resize", markScrollable);

// ---------------------------------------------------------------------------------------------
// Focus after an htmx swap: THE way, for every area.
//
// 1. The fragment marks the element that should have focus next with `autofocus` (the server
//    knows what comes next: the next playable card, the result just shown). htmx focuses it
//    when the fragment lands, and a plain-HTML page load (Post/Redirect/Get) does the same,
//    so both paths agree. A non-focusable target (a message) also needs tabindex="-1".
// 2. Without a mark, htmx keeps focus on the element with the same id in the new fragment.
// 3. If that element is gone (its column emptied, the game ended), focus would fall back to
//    the top of the page; instead it goes to the swapped region's [data-focus-fallback]
//    element, when the region holds one, or to the element whose id the region itself names
//    in data-focus-fallback (one outside it, which its swaps leave in place).
// ---------------------------------------------------------------------------------------------
// Keyed by request, and noted when the request starts: another swap (the review a finished
// board asks for) may land in between, and focus may already have left a control by the time
// its answer arrives.
const focusWasIn = new WeakMap();

document.addEventListener("htmx:beforeRequest", (event) => {
  const target = event.detail.target;
  if (target && target.id && target.contains(document.activeElement)) {
    focusWasIn.set(event.detail.xhr, target.id);
  }
});

document.addEventListener("htmx:afterSettle", (event) => {
  const regionId = focusWasIn.get(event.detail.xhr);
  focusWasIn.delete(event.detail.xhr);
  if (!regionId) return;
  const active = document.activeElement;
  // A control the new fragment disables keeps focus only until the browser notices, so it
  // counts as lost too.
  if (active && active !== document.body && document.contains(active) && !active.disabled) return;
  const region = document.getElementById(regionId);
  const named = region && region.dataset.focusFallback;
  const fallback = named ? document.getElementById(named)
    : region && region.querySelector("[data-focus-fallback]");
  if (!fallback) return;
  if (!fallback.matches("a[href], button, input, select, textarea, [tabindex]")) {
    fallback.setAttribute("tabindex", "-1");
  }
  // Without scrolling: the status line sits at the top, and a phone would jump away from the
  // cards the player is looking at (the live region is read out wherever the page is).
  fallback.focus({ preventScroll: true });
});

// ---------------------------------------------------------------------------------------------
// A press cut in two by a swap. A watched solitaire move or a change at a golf table swaps the
// region in while a player may be pressing one of its buttons; the browser then sends no click,
// because the button released is not the one pressed. If the new button is the same control,
// unchanged (same id and markup: Pause, Take over, Draw from the stock), the press counts.
// ---------------------------------------------------------------------------------------------
let pressed = null;

function pressStarted(button) {
  pressed = button ? { id: button.id, markup: button.outerHTML, element: button } : null;
}

function pressEnded(button) {
  const was = pressed;
  pressed = null;
  if (!was || was.element.isConnected || !button) return;  // not swapped: the browser clicks
  if (button.id === was.id && button.outerHTML === was.markup && !button.disabled) button.click();
}

document.addEventListener("pointerdown", (event) => {
  pressStarted(event.button === 0 ? event.target.closest("button[id]") : null);
}, true);
document.addEventListener("pointerup", (event) => {
  if (event.button === 0) pressEnded(event.target.closest("button[id]"));
}, true);
// Space presses a button on release, so the same cut can happen from the keyboard.
document.addEventListener("keydown", (event) => {
  if (event.key === " " && !event.repeat) pressStarted(event.target.closest("button[id]"));
}, true);
document.addEventListener("keyup", (event) => {
  if (event.key === " ") pressEnded(document.activeElement.closest("button[id]"));
}, true);

// ---------------------------------------------------------------------------------------------
// Keyboard shortcuts: any button or link with data-shortcut="<key>" is activated by that key
// (the key as KeyboardEvent.key names it: "d", "1", "?"). They never fire while typing in a
// field or with Ctrl, Alt or Meta held, and every action stays an ordinary button as well.
// aria-keyshortcuts is set here, not in the HTML, because the keys only work with this script.
// A page with shortcuts gets a "Keyboard shortcuts" button listing them (also on "?"); it goes
// into the page's [data-shortcut-help] element when there is one, else after the first heading.
// ---------------------------------------------------------------------------------------------
const HELP_KEY = "?";

function isTyping(element) {
  if (!element || element === document.body) return false;
  if (element.isContentEditable) return true;
  if (element.tagName === "TEXTAREA" || element.tagName === "SELECT") return true;
  if (element.tagName !== "INPUT") return false;
  return !["button", "submit", "reset", "checkbox", "radio", "range", "color", "file"]
    .includes((element.type || "text").toLowerCase());
}

function usable(element) {
  return !element.disabled && element.getAttribute("aria-disabled") !== "true" &&
    !element.closest("[inert], [hidden]") &&
    element.getClientRects().length > 0;
}

function shortcutElements() {
  return Array.from(document.querySelectorAll("[data-shortcut]"))
    .filter((element) => element.id !== "shortcut-help-button");
}

function shortcutLabel(element) {
  return element.dataset.shortcutLabel || element.getAttribute("aria-label") ||
    element.textContent.replace(/\s+/g, " ").trim();
}

function markShortcuts() {
  const elements = shortcutElements();
  for (const element of elements) {
    element.setAttribute("aria-keyshortcuts", element.dataset.shortcut);
  }
  const button = document.getElementById("shortcut-help-button");
  if (elements.length && !button) addHelpButton();
  if (!elements.length && button) button.remove();
}

function addHelpButton() {
  const button = document.createElement("button");
  button.type = "button";
  button.id = "shortcut-help-button";
  button.className = "shortcut-help-button";
  button.textContent = text("textShortcuts", "Keyboard shortcuts");
  button.setAttribute("aria-haspopup", "dialog");
  button.setAttribute("aria-keyshortcuts", HELP_KEY);
  button.addEventListener("click", openHelp);
  const slot = document.querySelector("[data-shortcut-help]");
  const heading = document.querySelector("main h1");
  if (slot) slot.append(button);
  else if (heading) heading.after(button);
  else document.querySelector("main, body").prepend(button);
}

function helpDialog() {
  let dialog = document.getElementById("shortcut-help");
  if (dialog) return dialog;
  dialog = document.createElement("dialog");
  dialog.id = "shortcut-help";
  dialog.className = "shortcut-help";
  dialog.setAttribute("aria-labelledby", "shortcut-help-title");
  const title = document.createElement("h2");
  title.id = "shortcut-help-title";
  title.textContent = text("textShortcuts", "Keyboard shortcuts");
  const list = document.createElement("dl");
  const note = document.createElement("p");
  note.textContent = text("textShortcutsNote",
    "Keys do nothing while you type in a field. Escape closes this list.");
  const close = document.createElement("button");
  close.type = "button";
  close.textContent = text("textClose", "Close");
  close.addEventListener("click", () => dialog.close());
  dialog.append(title, list, note, close);
  document.body.append(dialog);
  return dialog;
}

// Built when opened, from what the page offers right now (the board changes after each move).
function openHelp() {
  const dialog = helpDialog();
  const list = dialog.querySelector("dl");
  list.replaceChildren();
  const seen = new Set();
  for (const element of shortcutElements()) {
    const key = element.dataset.shortcut;
    if (seen.has(key)) continue;
    seen.add(key);
    const term = document.createElement("dt");
    const kbd = document.createElement("kbd");
    kbd.textContent = key;
    term.append(kbd);
    const description = document.createElement("dd");
    const now = usable(element) ? "" : ` (${text("textNotNow", "not now")})`;
    description.textContent = shortcutLabel(element) + now;
    list.append(term, description);
  }
  if (!dialog.open) dialog.showModal();  // Escape closes a modal dialog; focus then returns
}

document.addEventListener("keydown", (event) => {
  if (event.defaultPrevented || event.ctrlKey || event.altKey || event.metaKey) return;
  if (isTyping(event.target) || document.querySelector("dialog[open]")) return;
  if (event.key === HELP_KEY && document.getElementById("shortcut-help-button")) {
    event.preventDefault();
    openHelp();
    return;
  }
  const matching = shortcutElements().filter((candidate) => candidate.dataset.shortcut === event.key);
  const element = matching.find(usable);
  if (!element) {
    // A control switched off for a reason the page gives (aria-describedby): say the reason,
    // as a key that does nothing would otherwise look ignored (a disabled button takes no focus,
    // so its description is never read out on its own).
    const reason = matching.map((candidate) => candidate.getAttribute("aria-describedby"))
      .map((id) => id && document.getElementById(id)).find(Boolean);
    if (reason) say(reason.textContent.trim());
    return;
  }
  event.preventDefault();
  element.click();
});

document.addEventListener("DOMContentLoaded", markShortcuts);
document.addEventListener("htmx:load", markShortcuts);

// ---------------------------------------------------------------------------------------------
// A request that never reached the server (no connection) or failed there (5xx) changes
// nothing, and htmx alone shows nothing, so a click would look ignored. Say so, in the page's
// alert region, until a later request gets through (the golf table's poll clears it by itself).
// ---------------------------------------------------------------------------------------------
function connectionAlert(message) {
  const alert = document.getElementById("connection-alert");
  if (alert && alert.textContent !== message) alert.textContent = message;
}

document.addEventListener("htmx:sendError", () => connectionAlert(
  text("textOffline", "No connection to the server: nothing can be saved or updated until " +
    "it is back. Check your connection, then try again.")));
document.addEventListener("htmx:responseError", () => connectionAlert(
  text("textFailed", "Something went wrong on our side and nothing was saved. Please try again.")));
document.addEventListener("htmx:afterRequest", (event) => {
  if (event.detail.successful) connectionAlert("");
});

// ---------------------------------------------------------------------------------------------
// Colour theme: the links in the header work without JavaScript (/theme/<choice> sets a cookie
// and comes back); with it, the same cookie is written here and the page changes at once.
// ---------------------------------------------------------------------------------------------
document.addEventListener("click", (event) => {
  const link = event.target.closest("a[data-theme-choice]");
  if (!link || event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
  event.preventDefault();
  const choice = link.dataset.themeChoice;
  const age = choice === "auto" ? 0 : 365 * 24 * 3600;
  const secure = location.protocol === "https:" ? "; Secure" : "";
  document.cookie = `theme=${choice}; Path=/; Max-Age=${age}; SameSite=Lax${secure}`;
  document.documentElement.dataset.theme = choice;
  for (const other of document.querySelectorAll("a[data-theme-choice]")) {
    if (other === link) other.setAttribute("aria-current", "true");
    else other.removeAttribute("aria-current");
  }
});

// The language links keep the reader's place: the server never sees "#…", and the anchors
// are the same in both languages, so the link takes the page's fragment with it.
document.addEventListener("click", (event) => {
  const link = event.target.closest(".languages a[hreflang]");
  if (link && location.hash) link.hash = location.hash;
});
