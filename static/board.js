// The city board on one screen: tap or drag across lots, see the tray pieces
// that fit, tap one to build it; every action is sent without leaving the page.
// Progressive: without JavaScript the board is a form of checkboxes and every
// action loads the next page, as before.
(function () {
  "use strict";

  function boardForm() {
    return document.getElementById("board-form");
  }

  function lotOf(element) {
    return element && element.closest ? element.closest("label.lot") : null;
  }

  function checkbox(lot) {
    return lot.querySelector("input[type=checkbox]");
  }

  function selectedLots(form) {
    return Array.prototype.map.call(
      form.querySelectorAll("label.lot input:checked"),
      function (input) { return input.value; }
    );
  }

  function owner(form) {
    var checked = form.querySelector("input[name=owner]:checked");
    return checked ? checked.value : "";
  }

  // A built lot belongs to someone: tapping it makes them the active player.
  function chooseOwnerOf(form, lot) {
    var match = /(?:^|\s)owner-(\S+)/.exec(lot.className);
    if (!match || !lot.classList.contains("building")) { return; }
    var radio = form.querySelector("input[name=owner][value='" + match[1] + "']");
    if (radio) { radio.checked = true; }
  }

  var trayRequest = 0;
  function refreshTray(form) {
    var tray = document.getElementById("tray");
    if (!tray || !form.dataset.tray) { return; }
    var query = new URLSearchParams({ owner: owner(form), lots: selectedLots(form).join(",") });
    var mine = ++trayRequest;
    fetch(form.dataset.tray + "?" + query.toString(), { headers: { Accept: "text/html" } })
      .then(function (response) { return response.ok ? response.text() : null; })
      .then(function (html) {
        if (html === null || mine !== trayRequest) { return; }
        var fresh = new DOMParser().parseFromString(html, "text/html").getElementById("tray");
        var current = document.getElementById("tray");
        if (fresh && current) { current.replaceWith(fresh); }
      })
      .catch(function () { /* the buttons below the board still work */ });
  }

  // Tap toggles one lot; a drag sets every lot it crosses like the first one.
  function watchSelection(form) {
    var board = form.querySelector(".board");
    if (!board) { return; }
    var dragging = null;
    board.addEventListener("pointerdown", function (event) {
      var lot = lotOf(event.target);
      if (!lot || event.button > 0) { return; }
      event.preventDefault();
      var input = checkbox(lot);
      dragging = { value: !input.checked, seen: [lot], moved: false };
      input.checked = dragging.value;
      if (dragging.value) { chooseOwnerOf(form, lot); }
      input.focus({ preventScroll: true });
    });
    board.addEventListener("pointermove", function (event) {
      if (!dragging) { return; }
      var lot = lotOf(document.elementFromPoint(event.clientX, event.clientY));
      if (!lot || dragging.seen.indexOf(lot) >= 0) { return; }
      dragging.seen.push(lot);
      dragging.moved = true;
      checkbox(lot).checked = dragging.value;
    });
    function finish() {
      if (!dragging) { return; }
      dragging = null;
      refreshTray(form);
    }
    board.addEventListener("pointerup", finish);
    board.addEventListener("pointercancel", finish);
    // The pointer did the toggling; a click from the keyboard (detail 0) still
    // toggles the checkbox itself.
    board.addEventListener("click", function (event) {
      if (lotOf(event.target) && event.detail !== 0) { event.preventDefault(); }
    });
    board.addEventListener("change", function () { refreshTray(form); });
    form.querySelectorAll("input[name=owner]").forEach(function (radio) {
      radio.addEventListener("change", function () { refreshTray(form); });
    });
  }

  // Send the form and show the board that comes back, in place.
  function sendInPlace(form) {
    form.addEventListener("submit", function (event) {
      var submitter = event.submitter;
      if (!window.fetch || !window.FormData) { return; }
      event.preventDefault();
      var data = new FormData(form);
      if (submitter && submitter.name) { data.append(submitter.name, submitter.value || "y"); }
      var buttons = form.querySelectorAll("button, input[type=submit]");
      buttons.forEach(function (b) { b.disabled = true; });
      fetch(form.action, { method: "POST", body: data, headers: { Accept: "text/html" } })
        .then(function (response) {
          return response.text().then(function (html) { return { response: response, html: html }; });
        })
        .then(function (got) {
          var page = new DOMParser().parseFromString(got.html, "text/html");
          var main = page.querySelector("main");
          if (!main || !page.getElementById("board-form")) {
            // Another screen (the build screen of a civic tile): go there.
            window.location.assign(got.response.url);
            return;
          }
          document.querySelector("main").replaceWith(main);
          document.title = page.title;
          if (got.response.url !== window.location.href) {
            window.history.replaceState(null, "", got.response.url);
          }
          start();
          document.dispatchEvent(new CustomEvent("live:sent"));
          var status = document.querySelector("main .flashes, main .problems, main .conflict");
          if (status) { status.focus && status.setAttribute("tabindex", "-1"); status.focus(); }
        })
        .catch(function () {
          buttons.forEach(function (b) { b.disabled = false; });
          form.submit();
        });
    });
  }

  function start() {
    var form = boardForm();
    if (!form || form.dataset.live) { return; }
    form.dataset.live = "1";
    document.documentElement.classList.add("board-live");
    watchSelection(form);
    sendInPlace(form);
  }

  start();
  // The page came back fresh from another phone's change (static/live.js),
  // with the lots this phone ticked and the player it chose kept: the tray
  // shows what fits them.
  document.addEventListener("live:replaced", function () {
    start();
    var form = boardForm();
    if (!form) { return; }
    var chosen = form.querySelector("input[name=owner]:checked");
    var moved = chosen && !chosen.defaultChecked;
    if (selectedLots(form).length || moved) { refreshTray(form); }
  });
})();
