// Thumb-sized − and + buttons beside every number input marked data-stepper.
// Progressive: without JavaScript the inputs still work on their own.
// init(root) is run at load and again on every page part static/live.js or
// static/board.js puts in place (live:replaced, live:sent); an input that
// already has its buttons is left as it is, so it never gets two sets.
(function () {
  "use strict";
  function step(input, delta) {
    var min = input.min === "" ? -Infinity : Number(input.min);
    var max = input.max === "" ? Infinity : Number(input.max);
    var value = Number(input.value || 0) + delta;
    input.value = String(Math.min(max, Math.max(min, value)));
    // A tap is typing: "input" as for a key, then "change".
    input.dispatchEvent(new Event("input", { bubbles: true }));
    input.dispatchEvent(new Event("change", { bubbles: true }));
  }
  function button(text, label, delta, input) {
    var b = document.createElement("button");
    b.type = "button";
    b.className = "stepper secondary";
    b.textContent = text;
    b.setAttribute("aria-label", label);
    b.addEventListener("click", function () { step(input, delta); });
    return b;
  }
  function init(root) {
    (root || document).querySelectorAll("input[data-stepper]").forEach(function (input) {
      var parent = input.parentNode;
      if (!parent || (parent.classList && parent.classList.contains("stepper-wrap"))) { return; }
      var wrap = document.createElement("span");
      wrap.className = "stepper-wrap";
      parent.insertBefore(wrap, input);
      var name = (input.labels && input.labels[0] ? input.labels[0].textContent : "").trim();
      var less = document.documentElement.dataset.less || "one less";
      var more = document.documentElement.dataset.more || "one more";
      wrap.appendChild(button("−", name + ": " + less, -1, input));
      wrap.appendChild(input);
      wrap.appendChild(button("+", name + ": " + more, 1, input));
    });
  }
  init(document);
  document.addEventListener("live:replaced", function () { init(document); });
  document.addEventListener("live:sent", function () { init(document); });
  window.steppers = { init: init };
})();
