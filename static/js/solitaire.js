// Keep keyboard focus on the board after htmx swaps it. htmx restores focus by id, but the
// focused card may be gone (its column emptied, or the deal ended); then focus the next
// sensible control instead of dropping the player back at the top of the page.
"use strict";
let focusWasOnBoard = false;

document.addEventListener("htmx:beforeSwap", () => {
  const board = document.getElementById("board");
  focusWasOnBoard = Boolean(board && board.contains(document.activeElement));
});

document.addEventListener("htmx:afterSettle", () => {
  const board = document.getElementById("board");
  if (!board || !focusWasOnBoard) return;
  focusWasOnBoard = false;
  if (board.contains(document.activeElement)) return;
  const next =
    board.querySelector(".fits .card-button") ||
    board.querySelector("#draw-button:not([disabled])") ||
    board.querySelector("#undo-button:not([disabled])") ||
    board.querySelector("#coach-title");
  if (!next) return;
  if (next.id === "coach-title") next.setAttribute("tabindex", "-1");
  next.focus({ preventScroll: true });
});
