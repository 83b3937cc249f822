// The city board on one screen: tap or drag across lots, see the tray pieces
// that fit, tap one to build it; every action is sent without leaving the page.
// Progressive: without JavaScript the board is a form of checkboxes and every
// action loads the next page, as before.
//
// A finger on a phone: a tap ticks a lot; a swipe scrolls the board and the
// page and ticks nothing; a finger held still on a lot for a moment, then
// slid, ticks every lot it crosses. A mouse ticks at once and drags at once.
// After a build the board stays where the thumb left it (the page and the
// board's own sideways scroll), and what was done is said in the tray.
(function () {
  "use strict";

  var HOLD = 280;  // ms a finger stays on a lot before a slide ticks lots
  var SLOP = 10;   // px a finger may move and still be holding still
  var PHONE = "(max-width: 47.99rem)";

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

  // The page's messages (what was built, what was refused) go to the top of
  // the tray, in view, instead of the top of the page.
  function messagesToTray() {
    var status = document.getElementById("board-status");
    var flashes = document.querySelector("main > .flashes");
    if (status && flashes) { status.insertBefore(flashes, status.firstChild); }
  }

  function clearStatus() {
    var status = document.getElementById("board-status");
    if (status) { status.textContent = ""; }
  }

  var trayRequest = 0;
  function refreshTray(form) {
    var tray = document.getElementById("tray");
    if (!tray || !form.dataset.tray) { return; }
    var query = new URLSearchParams({ owner: owner(form), lots: selectedLots(form).join(",") });
    var mine = ++trayRequest;
    // Until the answer comes the tray's links and buttons are for the lots
    // ticked before: a quick thumb would open them with a lot missing.
    tray.setAttribute("aria-busy", "true");
    function settle() {
      var current = document.getElementById("tray");
      if (current && mine === trayRequest) { current.removeAttribute("aria-busy"); }
    }
    fetch(form.dataset.tray + "?" + query.toString(), { headers: { Accept: "text/html" } })
      .then(function (response) { return response.ok ? response.text() : null; })
      .then(function (html) {
        if (html === null || mine !== trayRequest) { settle(); return; }
        var fresh = new DOMParser().parseFromString(html, "text/html").getElementById("tray");
        var current = document.getElementById("tray");
        if (fresh && current) {
          clearStatus();  // an earlier build's message: the tray speaks now
          current.replaceWith(fresh);
        }
        settle();
      })
      .catch(settle);  // offline: the tray's own buttons still post the form
  }

  // Tap toggles one lot; a drag sets every lot it crosses like the first one.
  function watchSelection(form) {
    var board = form.querySelector(".board");
    if (!board) { return; }
    var dragging = null;   // a slide that ticks lots
    var press = null;      // a finger down on a lot, not yet holding or swiping
    var swallowClick = 0;  // the click a held finger makes when lifted

    function startDrag(lot) {
      var input = checkbox(lot);
      dragging = { value: !input.checked, seen: [lot] };
      input.checked = dragging.value;
      if (dragging.value) { chooseOwnerOf(form, lot); }
      input.focus({ preventScroll: true });
    }

    function dragOver(x, y) {
      var lot = lotOf(document.elementFromPoint(x, y));
      if (!lot || !board.contains(lot) || dragging.seen.indexOf(lot) >= 0) { return; }
      dragging.seen.push(lot);
      checkbox(lot).checked = dragging.value;
    }

    function forget() {
      if (press) { clearTimeout(press.timer); }
      press = null;
    }

    function finish() {
      forget();
      if (!dragging) { return; }
      dragging = null;
      swallowClick = Date.now() + 700;
      refreshTray(form);
    }

    board.addEventListener("pointerdown", function (event) {
      var lot = lotOf(event.target);
      if (!lot || event.button > 0) { return; }
      if (event.pointerType === "mouse") {
        event.preventDefault();
        startDrag(lot);
        return;
      }
      // A finger: a tap is the lot's own click; held still, a slide ticks.
      forget();
      press = { lot: lot, x: event.clientX, y: event.clientY };
      press.timer = setTimeout(function () {
        if (!press) { return; }
        var held = press.lot;
        press = null;
        startDrag(held);
        held.classList.add("held");
        if (navigator.vibrate) { try { navigator.vibrate(15); } catch (e) { /* none */ } }
      }, HOLD);
    });
    board.addEventListener("pointermove", function (event) {
      if (press && Math.abs(event.clientX - press.x) + Math.abs(event.clientY - press.y) > SLOP) {
        forget();  // a swipe: the browser scrolls
        return;
      }
      if (dragging) { dragOver(event.clientX, event.clientY); }
    });
    // Once a finger holds a lot, sliding it ticks lots instead of scrolling.
    board.addEventListener("touchmove", function (event) {
      if (dragging) { event.preventDefault(); }
    }, { passive: false });
    board.addEventListener("contextmenu", function (event) {
      if (dragging || Date.now() < swallowClick) { event.preventDefault(); }
    });
    function lifted() {
      board.querySelectorAll("label.lot.held").forEach(function (lot) { lot.classList.remove("held"); });
      finish();
    }
    board.addEventListener("pointerup", lifted);
    board.addEventListener("pointercancel", lifted);
    // The pointer did the toggling for a mouse and for a held finger; a tap's
    // click, and a click from the keyboard (detail 0), toggle the checkbox.
    board.addEventListener("click", function (event) {
      var lot = lotOf(event.target);
      if (!lot) { return; }
      if (Date.now() < swallowClick || (event.detail !== 0 && lastPointer === "mouse")) {
        event.preventDefault();
      }
    });
    var lastPointer = "";
    board.addEventListener("pointerdown", function (event) { lastPointer = event.pointerType; }, true);
    board.addEventListener("change", function (event) {
      var lot = lotOf(event.target);
      if (lot && event.target.checked) { chooseOwnerOf(form, lot); }
      refreshTray(form);
    });
    form.querySelectorAll("input[name=owner]").forEach(function (radio) {
      radio.addEventListener("change", function () { refreshTray(form); });
    });
  }

  // Where the thumb left the board: the page's and the board's own scroll.
  var kept = { left: 0 };
  function frame() {
    return document.querySelector("#board-form .board-frame");
  }
  function watchScroll() {
    var box = frame();
    if (box) { box.addEventListener("scroll", function () { kept.left = box.scrollLeft; }, { passive: true }); }
  }
  function restoreScroll(x, y) {
    var box = frame();
    if (box) { box.scrollLeft = kept.left; }
    if (y !== undefined) { window.scrollTo(x, y); }
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
          var x = window.scrollX, y = window.scrollY;
          document.querySelector("main").replaceWith(main);
          document.title = page.title;
          if (got.response.url !== window.location.href) {
            window.history.replaceState(null, "", got.response.url);
          }
          start(false);
          restoreScroll(x, y);
          document.dispatchEvent(new CustomEvent("live:sent"));
          var status = document.querySelector("#board-status .flashes, #board-status .problems, #board-status .conflict, main .flashes");
          if (status) {
            status.setAttribute("tabindex", "-1");
            status.focus({ preventScroll: true });
          }
        })
        .catch(function () {
          buttons.forEach(function (b) { b.disabled = false; });
          form.submit();
        });
    });
  }

  // On a phone held upright the board screen opens with the board at the top
  // and the tray under it, both in view (the heading is a scroll up); a
  // finished game's board opens on who won instead.
  function boardInView(form) {
    if (window.scrollY !== 0 || window.location.hash || !window.matchMedia(PHONE).matches) { return; }
    if (document.querySelector(".final-result")) { return; }
    var bar = form.querySelector(".players-bar");
    if (bar) { window.scrollTo(0, bar.getBoundingClientRect().top + window.scrollY); }
  }

  function start(loaded) {
    var form = boardForm();
    if (!form || form.dataset.live) { return; }
    form.dataset.live = "1";
    document.documentElement.classList.add("board-live");
    messagesToTray();
    watchSelection(form);
    watchScroll();
    sendInPlace(form);
    if (loaded) { boardInView(form); }
  }

  start(true);
  // The page came back fresh from another phone's change (static/live.js),
  // with the lots this phone ticked and the player it chose kept: the tray
  // shows what fits them.
  document.addEventListener("live:replaced", function () {
    start(false);
    restoreScroll();
    var form = boardForm();
    if (!form) { return; }
    var chosen = form.querySelector("input[name=owner]:checked");
    var moved = chosen && !chosen.defaultChecked;
    if (selectedLots(form).length || moved) { refreshTray(form); }
  });
})();
