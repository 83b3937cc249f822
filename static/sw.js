// The service worker (issue 29): the app keeps working through a Wi-Fi drop.
// Served from /sw.js (companion/web/views/phone_app.py), whose first line
// sets self.SETTINGS: the app's version, the offline page, the addresses
// kept for offline (the shell) and where static files are served from.
//
// - Pages: the network first, always (never a stale page online). Every
//   page that arrives is kept, with the time it came; offline, a kept page
//   is shown as it was, marked <html data-offline-since="..."> so that
//   static/offline.js shows it read-only with a banner; a page never seen
//   is the app's own offline page. Rules answers are pages: those seen
//   answer offline.
// - Static files (whatever the pages reference): from the cache, else the
//   network, and kept. The caches are named after the app's version, so an
//   upgrade brings a new worker (its script changes) that takes over at
//   once and drops the old caches.
// - A form sent while the network is down: the worker answers 204, so the
//   page stays as it is with everything typed in it, and tells the page
//   (static/offline.js keeps the save and sends it when the connection is
//   back).
/* global SETTINGS */
"use strict";

var SHELL = "companion-shell-" + SETTINGS.version;
var PAGES = "companion-pages-" + SETTINGS.version;
var KEPT_PAGES = 200;
var FETCHED = "X-Companion-Fetched";

// Same-origin addresses of static files that a page or the manifest names.
function references(text, base) {
  var found = [];
  var pattern = /(?:\b(?:src|href)=|"src":\s*)"([^"]+)"/g;
  var match;
  while ((match = pattern.exec(text)) !== null) {
    var url = new URL(match[1].replace(/&amp;/g, "&"), base);
    if (url.origin === self.location.origin && url.pathname.indexOf(SETTINGS.static) === 0
        && found.indexOf(url.href) < 0) {
      found.push(url.href);
    }
  }
  return found;
}

// Keep the answer for url, and every static file it names.
function keepWithReferences(cache, url) {
  return fetch(url, { credentials: "same-origin", cache: "no-store" }).then(function (response) {
    if (!response.ok) { throw new Error(url + ": " + response.status); }
    return response.clone().text().then(function (text) {
      return Promise.all(references(text, response.url).map(function (ref) {
        return cache.match(ref).then(function (kept) {
          return kept || fetch(ref, { credentials: "same-origin" }).then(function (got) {
            return got.ok ? cache.put(ref, got) : null;
          });
        });
      })).then(function () { return put(cache, url, plain(response, {})); });
    });
  });
}

// A response as the worker keeps it: its body as read (never still
// compressed), its headers less those of the transfer, plus extra ones.
function plain(response, extra) {
  var headers = new Headers(response.headers);
  headers.delete("Content-Encoding");
  headers.delete("Content-Length");
  Object.keys(extra).forEach(function (name) { headers.set(name, extra[name]); });
  return response.blob().then(function (body) {
    return new Response(body, { status: response.status, statusText: response.statusText, headers: headers });
  });
}

// A cache of this version, or null once a newer worker dropped it: a worker
// still answering a page during an upgrade never makes its caches anew.
function mine(name) {
  return caches.has(name).then(function (has) { return has ? caches.open(name) : null; });
}

function put(cache, url, response) {
  return Promise.resolve(response).then(function (ready) { return cache.put(url, ready); });
}

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(SHELL).then(function (cache) {
    return Promise.all(SETTINGS.shell.map(function (url) {
      return keepWithReferences(cache, url);
    }));
  }).then(function () { return caches.open(PAGES); }).then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) {
      return name.indexOf("companion-") === 0 && name !== SHELL && name !== PAGES;
    }).map(function (name) { return caches.delete(name); }));
  }).then(function () { return self.clients.claim(); }));
});

// ---- Pages ------------------------------------------------------------------

function isPage(response) {
  return response.ok && response.type === "basic"
    && (response.headers.get("Content-Type") || "").indexOf("text/html") === 0;
}

function keepPage(url, response) {
  return mine(PAGES).then(function (cache) {
    if (!cache) { return null; }
    var stamped = {};
    stamped[FETCHED] = new Date().toISOString();
    return put(cache, url, plain(response, stamped)).then(function () {
      return cache.keys();
    }).then(function (keys) {
      // The oldest first: keys come in the order they were last put.
      return Promise.all(keys.slice(0, Math.max(0, keys.length - KEPT_PAGES)).map(function (key) {
        return cache.delete(key);
      }));
    });
  });
}

// The offline page speaks the language the pages are read in now.
function sameLanguage(lang) {
  if (!lang) { return Promise.resolve(); }
  return mine(SHELL).then(function (cache) {
    if (!cache) { return null; }
    return cache.match(SETTINGS.offline).then(function (kept) {
      if (kept && kept.headers.get("Content-Language") === lang) { return null; }
      return keepWithReferences(cache, SETTINGS.offline)
        .catch(function () { /* next time */ });
    });
  });
}

// A kept page, marked as shown offline with the time it came.
function asKept(kept) {
  var since = kept.headers.get(FETCHED) || "";
  return kept.text().then(function (html) {
    var marked = html.replace(/<html\b/i, '<html data-offline-since="' + since.replace(/[^0-9TZ:.\-]/g, "") + '"')
      // What the page said once ("Saved.") is not said again.
      .replace(/<div class="flashes"[^>]*>[\s\S]*?<\/div>/, "");
    var headers = new Headers(kept.headers);
    headers.delete("Content-Length");
    return new Response(marked, { status: 200, headers: headers });
  });
}

function offlineAnswer(request) {
  return caches.match(request.url, { cacheName: PAGES, ignoreVary: true }).then(function (kept) {
    if (kept) { return asKept(kept); }
    return caches.match(SETTINGS.offline, { cacheName: SHELL }).then(function (page) {
      return page || new Response("Offline", { status: 503, headers: { "Content-Type": "text/plain" } });
    });
  });
}

function page(event) {
  var request = event.request;
  return fetch(request).then(function (response) {
    if (isPage(response)) {
      var copy = response.clone();
      var lang = response.headers.get("Content-Language");
      event.waitUntil(keepPage(request.url, copy).then(function () { return sameLanguage(lang); })
        .catch(function () { /* a full disk: the page is still shown */ }));
    }
    return response;
  }, function () {
    // A download (a table file, a report) fails as a download does.
    if (request.destination !== "document") { return Response.error(); }
    return offlineAnswer(request);
  });
}

// ---- Forms ------------------------------------------------------------------

function send(request) {
  return fetch(request).catch(function () {
    if (self.BroadcastChannel) {
      new BroadcastChannel("companion-offline").postMessage({ type: "unsent", url: request.url });
    }
    // 204: the browser stays on the page, with what was typed in it.
    return new Response(null, { status: 204 });
  });
}

// ---- Static files and the shell ------------------------------------------------

function staticFile(request) {
  return mine(SHELL).then(function (cache) {
    if (!cache) { return fetch(request); }
    return cache.match(request).then(function (kept) {
      if (kept) { return kept; }
      return fetch(request).then(function (response) {
        if (response.ok && response.type === "basic") {
          cache.put(request, response.clone()).catch(function () { /* not kept */ });
        }
        return response;
      });
    });
  });
}

function shellFile(request) {
  return fetch(request).catch(function () {
    return caches.match(request.url, { cacheName: SHELL, ignoreVary: true })
      .then(function (kept) { return kept || Response.error(); });
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) { return; }
  if (request.mode === "navigate") {
    if (request.method === "GET") { event.respondWith(page(event)); }
    else if (request.method === "POST") { event.respondWith(send(request)); }
    return;
  }
  if (request.method !== "GET") { return; }
  if (url.pathname.indexOf(SETTINGS.static) === 0) {
    event.respondWith(staticFile(request));
  } else if (SETTINGS.shell.indexOf(url.pathname) >= 0) {
    event.respondWith(shellFile(request));
  }
});
