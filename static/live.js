// Live: a page of a table asks every 1.5 s whether the table changed (a 304
// when it did not). When another phone changed it, the page says what was
// done; a page the player is not typing in shows the new state by itself.
// Progressive: without JavaScript the page is as it was loaded.
(function () {
  "use strict";
  var EVERY = 1500;
  var typing = false;

  // This phone's own change is not news: after a send, wait for its answer
  // (a new page, or the board back in place) before asking again.
  var quietUntil = 0;
  document.addEventListener("submit", function () { quietUntil = Date.now() + 5000; });
  document.addEventListener("live:sent", function () { quietUntil = 0; });

  document.addEventListener("input", function (event) {
    if (event.target.closest && event.target.closest("main form")) { typing = true; }
  });

  function main() { return document.querySelector("main[data-live]"); }

  function say(text, refreshed) {
    var box = document.getElementById("live-status");
    if (!box) {
      box = document.createElement("div");
      box.id = "live-status";
      box.className = "live-status";
      box.setAttribute("role", "status");
      var where = main();
      if (!where) { return; }
      where.insertBefore(box, where.firstChild);
    }
    box.textContent = "";
    var words = document.createElement("p");
    words.textContent = text;
    box.appendChild(words);
    if (!refreshed) {
      var button = document.createElement("button");
      button.type = "button";
      button.className = "secondary";
      button.textContent = main().dataset.liveShow || "Show it";
      button.addEventListener("click", function () { window.location.reload(); });
      box.appendChild(button);
    }
  }

  function refresh(text) {
    fetch(window.location.href, { headers: { Accept: "text/html" } })
      .then(function (response) { return response.ok ? response.text() : null; })
      .then(function (html) {
        if (html === null) { say(text, false); return; }
        var fresh = new DOMParser().parseFromString(html, "text/html").querySelector("main");
        var current = main();
        if (!fresh || !current) { say(text, false); return; }
        current.replaceWith(fresh);
        document.dispatchEvent(new CustomEvent("live:replaced"));
        say(text, true);
      })
      .catch(function () { say(text, false); });
  }

  function tick() {
    var here = main();
    if (!here || document.hidden || Date.now() < quietUntil) { return; }
    var shown = here.dataset.version;
    fetch(here.dataset.live, { headers: { "If-None-Match": '"v' + shown + '"' }, cache: "no-store" })
      .then(function (response) { return response.status === 200 ? response.json() : null; })
      .then(function (news) {
        if (!news || Date.now() < quietUntil) { return; }
        if (String(news.version) === String(main().dataset.version)) { return; }
        // "Bo's phone: Bo built Domus on C3" when the phone has a name.
        var prefix = news.by ? news.by + ":" : (main().dataset.liveSaid || "Changed on another phone:");
        var text = prefix + " " + news.what;
        var selected = document.querySelector("main label.lot input:checked");
        if (typing || selected) { say(text, false); } else { refresh(text); }
      })
      .catch(function () { /* try again at the next tick */ });
  }

  window.setInterval(tick, EVERY);
})();
