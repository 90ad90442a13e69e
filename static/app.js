// A few lines htmx cannot do. No framework, no inline script (the CSP forbids it).
"use strict";
document.addEventListener("click", (event) => {
  const button = event.target.closest("[data-copy-target]");
  if (!button) return;
  const field = document.getElementById(button.dataset.copyTarget);
  if (!field) return;
  field.select();
  const done = () => { button.dataset.copied = "true"; button.textContent = "Copied"; };
  if (navigator.clipboard) navigator.clipboard.writeText(field.value).then(done, done);
  else { document.execCommand("copy"); done(); }
});
