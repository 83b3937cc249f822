// Thumb-sized − and + buttons beside every number input marked data-stepper.
// Progressive: without JavaScript the inputs still work on their own.
(function () {
  "use strict";
  function step(input, delta) {
    var min = input.min === "" ? -Infinity : Number(input.min);
    var max = input.max === "" ? Infinity : Number(input.max);
    var value = Number(input.value || 0) + delta;
    input.value = String(Math.min(max, Math.max(min, value)));
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
  document.querySelectorAll("input[data-stepper]").forEach(function (input) {
    var wrap = document.createElement("span");
    wrap.className = "stepper-wrap";
    input.parentNode.insertBefore(wrap, input);
    var name = (input.labels && input.labels[0] ? input.labels[0].textContent : "").trim();
    var less = document.documentElement.dataset.less || "one less";
    var more = document.documentElement.dataset.more || "one more";
    wrap.appendChild(button("−", name + ": " + less, -1, input));
    wrap.appendChild(input);
    wrap.appendChild(button("+", name + ": " + more, 1, input));
  });
})();
