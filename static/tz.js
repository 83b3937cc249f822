// The phone's time zone, so that the pages show its own times
// (companion/web/local_time.py reads the "tz" cookie; anything it does not
// know is shown in UTC). Written only when it changes, kept 400 days.
(function () {
  "use strict";
  var zone;
  try {
    zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch (e) {
    return;
  }
  if (!zone || !/^[A-Za-z0-9_+\-\/]{1,64}$/.test(zone)) return;
  if (document.cookie.split("; ").indexOf("tz=" + zone) !== -1) return;
  document.cookie = "tz=" + zone + "; path=/; max-age=34560000; samesite=lax" +
    (location.protocol === "https:" ? "; secure" : "");
})();
