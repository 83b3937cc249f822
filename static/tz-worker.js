// The browser's time zone, for static/tz.js: asked here, off the page's
// thread (the first Intl call of a page costs tens of milliseconds).
var zone = "";
try {
  zone = Intl.DateTimeFormat().resolvedOptions().timeZone || "";
} catch (e) {
  // An old browser: no zone, the pages stay in UTC.
}
postMessage(zone);
