// The phone's time zone, so that the pages show its own times: kept in the
// "tz" cookie (400 days), which companion/web/local_time.py reads (a zone it
// does not know is shown in UTC). The zone is asked of Intl in a worker
// (static/tz-worker.js): a page's first Intl call costs tens of milliseconds,
// which would hold up the page. Asked once per browser session.
(function () {
  "use strict";
  var script = document.currentScript;
  var found = /(?:^|; )tz=([^;]*)/.exec(document.cookie);
  var cookie = found ? found[1] : "";
  try {
    if (cookie && sessionStorage.getItem("tz") === cookie) return;
  } catch (e) {
    // No session storage (a private mode): ask every page.
  }
  if (!window.Worker || !script || !script.dataset.worker) return;
  var worker = new Worker(script.dataset.worker);
  worker.onmessage = function (event) {
    worker.terminate();
    var zone = event.data;
    if (typeof zone !== "string" || !/^[A-Za-z0-9_+\-\/]{1,64}$/.test(zone)) return;
    try {
      sessionStorage.setItem("tz", zone);
    } catch (e) {
      // Asked again on the next page: nothing lost.
    }
    if (zone === cookie) return;
    document.cookie = "tz=" + zone + "; path=/; max-age=34560000; samesite=lax" +
      (location.protocol === "https:" ? "; secure" : "");
  };
})();
