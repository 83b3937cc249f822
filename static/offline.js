// Offline (issue 29), on every page: registers the service worker
// (static/sw.js), says when the page is shown without a connection and as of
// when, and keeps a form saved without a connection on this phone until it
// can be sent.
//
// - A page the worker shows from its cache (<html data-offline-since>) is
//   read-only: its forms are turned off, and it reloads itself once the
//   connection is back.
// - A page loaded online that loses its connection stays as it is. A form
//   sent then (navigator.onLine false, or the worker could not reach the
//   server) is kept in localStorage with every field as the form had it (its
//   CSRF token and the table version it was made against, so the server
//   merges it with what other phones saved meanwhile: issue 27); what was
//   typed stays on screen.
// - Back online (the online event, or any later page load), the saves kept
//   are sent in order through the normal POST; an expired CSRF token is
//   taken fresh from the form's page and the save sent once more. The player
//   is told what was sent (with the server's own words: saved, saved
//   together with another phone's change) or refused, and why; a refused
//   save on the page it was made on shows the server's answer, which holds
//   what was typed, as a normal send would.
// Every word comes from the page (data-* of #offline), in its language.
(function () {
  "use strict";
  var box = document.getElementById("offline");
  if (!box) { return; }
  var root = document.documentElement;
  var KEY = "companion-unsent";
  var PLUMBING = { csrf_token: 1, version: 1, base: 1, once: 1 };
  var since = root.dataset.offlineSince ? new Date(root.dataset.offlineSince) : null;
  if (since && isNaN(since.getTime())) { since = new Date(0); }
  var shownAt = since || new Date();

  if ("serviceWorker" in navigator && box.dataset.worker) {
    navigator.serviceWorker.register(box.dataset.worker).catch(function () { /* offline pages off */ });
  }

  function words(name) { return box.dataset[name] || ""; }

  function fill(text, values) {
    return text.replace(/\{(\w+)\}/g, function (whole, key) {
      return Object.prototype.hasOwnProperty.call(values, key) ? values[key] : whole;
    });
  }

  // A time in the phone's own zone and the page's language: 21:04, with the
  // day when it is not today.
  function when(date) {
    var options = { hour: "2-digit", minute: "2-digit", hourCycle: "h23" };
    if (date.toDateString() !== new Date().toDateString()) {
      options.day = "numeric";
      options.month = "short";
    }
    try {
      return new Intl.DateTimeFormat(root.lang || undefined, options).format(date);
    } catch (e) {
      return date.toLocaleString();
    }
  }

  // ---- The saves kept on this phone -----------------------------------------

  function unsent() {
    try {
      var list = JSON.parse(window.localStorage.getItem(KEY) || "[]");
      return Array.isArray(list) ? list : [];
    } catch (e) {
      return [];
    }
  }

  function store(list) {
    try {
      window.localStorage.setItem(KEY, JSON.stringify(list));
      return true;
    } catch (e) {
      return false;
    }
  }

  function labelOf(control) {
    var label = control.labels && control.labels[0];
    return (label ? label.textContent : control.getAttribute("aria-label") || control.name).trim();
  }

  // What the player typed or chose in form (what differs from what the page
  // came with), in words: shown back if the save is refused.
  function entered(form) {
    var said = [];
    Array.prototype.forEach.call(form.elements, function (control) {
      var type = (control.type || "").toLowerCase();
      if (!control.name || PLUMBING[control.name] || /^(hidden|submit|button|reset|image|file)$/.test(type)) { return; }
      if (type === "checkbox" || type === "radio") {
        if (control.checked !== control.defaultChecked && control.checked) { said.push([labelOf(control), "✓"]); }
        return;
      }
      if (control.tagName === "SELECT") {
        var changed = Array.prototype.some.call(control.options, function (o) { return o.selected !== o.defaultSelected; });
        if (changed && control.selectedOptions.length) { said.push([labelOf(control), control.selectedOptions[0].textContent.trim()]); }
        return;
      }
      if (control.value !== control.defaultValue) { said.push([labelOf(control), control.value]); }
    });
    return said;
  }

  // A form's send as it would go: every field, and the button pressed.
  function entryOf(form, submitter) {
    var data;
    try {
      data = new FormData(form, submitter || undefined);
    } catch (e) {
      data = new FormData(form);
      if (submitter && submitter.name) { data.append(submitter.name, submitter.value); }
    }
    var files = false;
    data.forEach(function (value) { if (typeof value !== "string") { files = true; } });
    var heading = document.querySelector("main h1");
    var what = (submitter && (submitter.textContent || submitter.value) || "").trim();
    return {
      id: Date.now() + "-" + Math.random().toString(36).slice(2),
      action: new URL(form.getAttribute("action") || window.location.href, window.location.href).href,
      body: files ? null : new URLSearchParams(data).toString(),
      page: window.location.href,
      what: [heading ? heading.textContent.trim() : "", what].filter(Boolean).join(": "),
      entered: entered(form),
      at: Date.now()
    };
  }

  function keep(entry) {
    var list = unsent();
    if (entry.body !== null) { list.push(entry); }
    if (entry.body === null || !store(list)) {
      tell(fill(words("offlineNotKept"), { what: entry.what }), [], "refused");
    } else {
      notes[entry.id] = tell(fill(words("offlineKept"), { what: entry.what }), [], "kept");
    }
    state();
  }

  // The notice that each save is kept, by its id: gone once it is sent.
  var notes = {};

  // The form just sent: the worker says when it could not reach the server.
  var last = null;
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form || (form.getAttribute("method") || "").toLowerCase() !== "post") { return; }
    if (since) { event.preventDefault(); return; } // read-only
    last = entryOf(form, event.submitter);
    // A form another script sends (the city board, static/board.js) falls
    // back to a plain send when its own fails: the worker then says so.
    if (navigator.onLine === false && !event.defaultPrevented) {
      event.preventDefault();
      keep(last);
      last = null;
    }
  });
  if (window.BroadcastChannel) {
    new BroadcastChannel("companion-offline").onmessage = function (message) {
      var data = message.data || {};
      if (data.type === "unsent" && last && last.action === data.url) {
        keep(last);
        last = null;
        document.dispatchEvent(new CustomEvent("live:sent"));
      }
    };
  }

  // ---- Saying so ------------------------------------------------------------

  var stateLine = document.createElement("div");
  stateLine.className = "offline-state";
  var said = document.createElement("div");
  said.className = "offline-said";
  box.appendChild(stateLine);
  box.appendChild(said);

  function state() {
    var lines = [];
    var offline = !!since || navigator.onLine === false;
    if (offline && !box.dataset.fallback) {
      var table = document.querySelector("main[data-live]");
      lines.push(fill(words(table ? "offlineTable" : "offlinePage"), { time: when(shownAt) }));
      lines.push(words(since ? "offlineReadOnly" : "offlineKeep"));
    }
    var n = unsent().length;
    if (n === 1) { lines.push(words("offlineWaitingOne")); }
    if (n > 1) { lines.push(fill(words("offlineWaiting"), { n: String(n) })); }
    stateLine.textContent = "";
    lines.forEach(function (text) {
      var p = document.createElement("p");
      p.textContent = text;
      stateLine.appendChild(p);
    });
    box.classList.toggle("is-offline", offline);
    box.hidden = !lines.length && !said.childNodes.length;
  }

  function tell(text, details, kind) {
    var note = document.createElement("div");
    note.className = "offline-note " + kind;
    var p = document.createElement("p");
    p.textContent = text;
    note.appendChild(p);
    details.forEach(function (line) {
      var more = document.createElement("p");
      more.textContent = line;
      note.appendChild(more);
    });
    said.appendChild(note);
    state();
    return note;
  }

  // ---- Sending once back ------------------------------------------------------

  function texts(page, selector) {
    var found = [];
    page.querySelectorAll(selector).forEach(function (element) {
      var text = element.textContent.replace(/\s+/g, " ").trim();
      if (text && found.indexOf(text) < 0) { found.push(text); }
    });
    return found;
  }

  function post(entry) {
    return fetch(entry.action, {
      method: "POST",
      body: entry.body,
      headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "text/html" },
      credentials: "same-origin",
      cache: "no-store"
    });
  }

  // A fresh CSRF token from the save's page, in its body.
  function freshToken(entry) {
    return fetch(entry.page, { credentials: "same-origin", cache: "no-store" })
      .then(function (response) { return response.ok ? response.text() : ""; })
      .then(function (html) {
        var page = new DOMParser().parseFromString(html, "text/html");
        var token = page.querySelector("input[name=csrf_token]");
        if (!token) { return false; }
        var body = new URLSearchParams(entry.body);
        body.set("csrf_token", token.value);
        entry.body = body.toString();
        return true;
      });
  }

  function samePage(url) {
    var there = new URL(url, window.location.href);
    return there.pathname === window.location.pathname && there.search === window.location.search;
  }

  // Show the main part of page in place of this page's, keeping what is
  // being typed (static/live.js carries it over).
  function showMain(page) {
    var fresh = page.querySelector("main");
    var current = document.querySelector("main");
    // Without the live view (a page of no table) nothing carries what is
    // being typed: the page stays as it is.
    if (!fresh || !current || !window.live) { return; }
    if (window.live.pending(current)) {
      var carried = window.live.carry(current, fresh);
      if (!carried.complete) { return; }
    }
    current.replaceWith(document.adoptNode(fresh));
    document.dispatchEvent(new CustomEvent("live:replaced"));
  }

  function refresh() {
    return fetch(window.location.href, { headers: { Accept: "text/html" }, cache: "no-store" })
      .then(function (response) { return response.ok ? response.text() : null; })
      .then(function (html) { if (html) { showMain(new DOMParser().parseFromString(html, "text/html")); } })
      .catch(function () { /* the live view shows it later */ });
  }

  // "sent", "refused", or "network" (still no connection: tried again later).
  function sendOne(entry, again) {
    return post(entry).then(function (response) {
      return response.text().then(function (html) {
        var page = new DOMParser().parseFromString(html, "text/html");
        var kept = { what: entry.what, time: when(new Date(entry.at)) };
        if (response.ok) {
          tell(fill(words("offlineSent"), kept), texts(page, ".flashes .flash"), "sent");
          return samePage(entry.page) ? refresh().then(function () { return "sent"; }) : "sent";
        }
        if (!again && response.headers.get("X-CSRF-Refused")) {
          return freshToken(entry).then(function (ok) {
            return ok ? sendOne(entry, true) : refused(entry, page, kept, false);
          }, function () { return "network"; });
        }
        return refused(entry, page, kept, samePage(entry.page) && response.status === 409);
      });
    }, function () { return "network"; });
  }

  function refused(entry, page, kept, show) {
    // Shown, the server's answer says why beside the fields; else, here.
    var reasons = show ? [] : texts(page, "main [role=alert] p, main [role=alert] li, main .error-message, main .errors li");
    if (show) {
      showMain(page);
    } else if (entry.entered.length) {
      reasons.push(words("offlineEntered") + " " + entry.entered.map(function (pair) {
        return pair[0] + ": " + pair[1];
      }).join("; "));
    }
    tell(fill(words("offlineRefused"), kept), reasons, "refused");
    return "refused";
  }

  var sending = false;
  function sendAll() {
    var list = unsent();
    if (!list.length) { return Promise.resolve(); }
    var entry = list[0];
    return sendOne(entry, false).then(function (outcome) {
      if (outcome === "network") { return null; }
      store(unsent().filter(function (other) { return other.id !== entry.id; }));
      if (notes[entry.id]) { notes[entry.id].remove(); delete notes[entry.id]; }
      state();
      return sendAll();
    });
  }

  function flush() {
    if (sending || navigator.onLine === false || !unsent().length) { return; }
    sending = true;
    // One page at a time sends (several may be open).
    var run = navigator.locks && navigator.locks.request
      ? navigator.locks.request(KEY, sendAll)
      : sendAll();
    Promise.resolve(run).catch(function () { /* tried again later */ }).then(function () {
      sending = false;
      state();
    });
  }

  // A page shown from the cache: read-only, and itself again once back.
  function readOnly() {
    document.querySelectorAll("form").forEach(function (form) {
      if ((form.getAttribute("method") || "").toLowerCase() !== "post") { return; }
      Array.prototype.forEach.call(form.elements, function (control) { control.disabled = true; });
    });
  }

  function backAgain() {
    if (!since || navigator.onLine === false) { return; }
    fetch(box.dataset.health || "/health", { cache: "no-store" }).then(function (response) {
      if (response.ok) { window.location.reload(); }
    }).catch(function () { /* still offline */ });
  }

  if (since) {
    readOnly();
    document.addEventListener("live:replaced", readOnly);
  }
  document.addEventListener("live:replaced", function () { if (!since) { shownAt = new Date(); state(); } });
  window.addEventListener("online", function () { state(); flush(); backAgain(); });
  window.addEventListener("offline", state);
  window.addEventListener("storage", function (event) { if (event.key === KEY) { state(); } });
  window.setInterval(function () { flush(); backAgain(); }, 5000);
  state();
  flush();

  // ---- The offline page: the pages kept on this phone --------------------------

  var kept = document.getElementById("kept-pages");
  if (kept && window.caches) {
    window.caches.keys().then(function (names) {
      var name = names.filter(function (n) { return n.indexOf("companion-pages-") === 0; })[0];
      return name ? window.caches.open(name) : null;
    }).then(function (cache) {
      if (!cache) { return null; }
      return cache.keys().then(function (requests) {
        return Promise.all(requests.slice(-30).reverse().map(function (request) {
          return cache.match(request).then(function (response) { return response.text(); }).then(function (html) {
            var title = new DOMParser().parseFromString(html, "text/html").title;
            return { url: request.url, title: title };
          });
        }));
      });
    }).then(function (pages) {
      if (!pages || !pages.length) { return; }
      var list = kept.querySelector("ul");
      pages.forEach(function (found) {
        var item = document.createElement("li");
        var link = document.createElement("a");
        link.href = found.url;
        link.textContent = found.title || new URL(found.url).pathname;
        item.appendChild(link);
        list.appendChild(item);
      });
      kept.hidden = false;
    }).catch(function () { /* nothing to list */ });
  }
})();
