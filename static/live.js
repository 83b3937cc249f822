// Live: a page of a table asks every 1.5 s whether the table changed (a 304
// when it did not). When another phone changed it, the page says what was
// done since it was shown and shows the new state by itself, keeping what
// this phone entered and did not send.
// Progressive: without JavaScript the page is as it was loaded.
//
// What "entered and not sent" means, control by control, against the DOM's
// own defaults (what the page came with): a text, number or stepper field
// whose value is not its defaultValue, a checkbox or radio whose checked is
// not its defaultChecked, a select whose options' selected are not their
// defaultSelected. On news the fresh page is fetched; every such control's
// value goes into the matching control of the fresh page (same form, same
// name, same position among the controls of that name); the fresh page's
// hidden fields (version, base) stay, so a send lands on top of the other
// phone's change. Where the other phone saved that very field, the field is
// marked and says what the other phone saved.
(function () {
  "use strict";
  var EVERY = 1500;

  // This phone's own change is not news: after a send, wait for its answer
  // (a new page, or the board back in place) before asking again.
  var quietUntil = 0;
  document.addEventListener("submit", function () { quietUntil = Date.now() + 5000; });
  document.addEventListener("live:sent", function () { quietUntil = 0; });

  // A word being composed (a Chinese input method) is not cut short.
  var composing = false;
  document.addEventListener("compositionstart", function () { composing = true; });
  document.addEventListener("compositionend", function () { composing = false; });

  var refreshing = false;
  // The version a refresh could not show without losing an entry: said once,
  // with the button, and not fetched again until the table changes again.
  var declined = null;

  function main() { return document.querySelector("main[data-live]"); }

  function words(name, fallback) {
    var here = main();
    return (here && here.dataset[name]) || fallback;
  }

  // ---- Controls and what is pending in them --------------------------------

  var SKIPPED = { hidden: 1, submit: 1, button: 1, reset: 1, image: 1, file: 1 };

  // The controls of the forms under root, grouped as the player sees them: a
  // radio group is one field; every other control is one.
  function fields(root) {
    var found = {};
    var order = [];
    var forms = formKeys(root);
    root.querySelectorAll("input, select, textarea").forEach(function (control) {
      var form = control.form;
      var type = (control.type || "").toLowerCase();
      if (!form || !control.name || SKIPPED[type]) { return; }
      var at = forms.forms.indexOf(form);
      var formKey = at >= 0 ? forms.keys[at] : "?" + (form.getAttribute("action") || "");
      var key;
      if (type === "radio") {
        key = formKey + "|radio|" + control.name;
        if (!found[key]) { found[key] = { key: key, kind: "radio", controls: [] }; order.push(found[key]); }
        found[key].controls.push(control);
        return;
      }
      var base = formKey + "|" + control.name + (type === "checkbox" ? "=" + control.value : "");
      var n = 0;
      while (found[base + "|" + n]) { n += 1; }
      key = base + "|" + n;
      var kind = type === "checkbox" ? "checkbox" : control.tagName === "SELECT" ? "select" : "text";
      found[key] = { key: key, kind: kind, controls: [control] };
      order.push(found[key]);
    });
    return { byKey: found, order: order };
  }

  // A form is known by its id, else by its action and its place among the
  // forms of that action under root.
  function formKeys(root) {
    var result = { forms: [], keys: [] };
    var count = {};
    root.querySelectorAll("form").forEach(function (form) {
      var key;
      if (form.id) {
        key = "#" + form.id;
      } else {
        var action = form.getAttribute("action") || "";
        count[action] = (count[action] || 0) + 1;
        key = action + "@" + count[action];
      }
      result.forms.push(form);
      result.keys.push(key);
    });
    return result;
  }

  function defaultIndexes(select) {
    var chosen = [];
    Array.prototype.forEach.call(select.options, function (option, i) {
      if (option.defaultSelected) { chosen.push(i); }
    });
    if (!select.multiple) {
      if (chosen.length > 1) { chosen = [chosen[chosen.length - 1]]; }
      if (chosen.length === 0) {
        // Nothing marked: the browser shows the first option it can.
        for (var i = 0; i < select.options.length; i += 1) {
          if (!select.options[i].disabled) { chosen = [i]; break; }
        }
      }
    }
    return chosen;
  }

  // A field's value now, and the value the page came with, as strings.
  function valueOf(field) {
    var control = field.controls[0];
    if (field.kind === "radio") {
      var on = field.controls.filter(function (c) { return c.checked; })[0];
      return on ? on.value : "";
    }
    if (field.kind === "checkbox") { return control.checked ? "1" : ""; }
    if (field.kind === "select") {
      return Array.prototype.filter.call(control.options, function (o) { return o.selected; })
        .map(function (o) { return o.value; }).join("\n");
    }
    return control.value;
  }

  function defaultOf(field) {
    var control = field.controls[0];
    if (field.kind === "radio") {
      var on = field.controls.filter(function (c) { return c.defaultChecked; });
      return on.length ? on[on.length - 1].value : "";
    }
    if (field.kind === "checkbox") { return control.defaultChecked ? "1" : ""; }
    if (field.kind === "select") {
      return defaultIndexes(control).map(function (i) { return control.options[i].value; }).join("\n");
    }
    return control.defaultValue;
  }

  function pending(field) {
    var control = field.controls[0];
    if (field.kind === "radio") {
      return field.controls.some(function (c) { return c.checked !== c.defaultChecked; });
    }
    if (field.kind === "checkbox") { return control.checked !== control.defaultChecked; }
    if (field.kind === "select") {
      return Array.prototype.some.call(control.options, function (o) { return o.selected !== o.defaultSelected; })
        && valueOf(field) !== defaultOf(field);
    }
    return control.value !== control.defaultValue;
  }

  function setValue(field, value) {
    var control = field.controls[0];
    if (field.kind === "radio") {
      field.controls.forEach(function (c) { c.checked = c.value === value; });
    } else if (field.kind === "checkbox") {
      control.checked = value === "1";
    } else if (field.kind === "select") {
      var values = value.split("\n");
      Array.prototype.forEach.call(control.options, function (o) { o.selected = values.indexOf(o.value) >= 0; });
    } else {
      control.value = value;
    }
    return valueOf(field) === value;
  }

  // A choice on the board (the lots ticked, the player chosen) is carried
  // over, but is no reason to keep the old page.
  function onlySelection(field) {
    var form = field.controls[0].form;
    return !!form && form.id === "board-form" && (field.kind === "checkbox" || field.kind === "radio");
  }

  // What the other phone saved, in words.
  function shown(field, value) {
    var control = field.controls[0];
    if (field.kind === "checkbox") { return value ? words("liveTicked", "ticked") : words("liveUnticked", "not ticked"); }
    if (field.kind === "radio") {
      var on = field.controls.filter(function (c) { return c.value === value; })[0];
      var label = on && on.labels && on.labels[0];
      return label ? label.textContent.trim() : (value || words("liveEmpty", "empty"));
    }
    if (field.kind === "select") {
      var texts = Array.prototype.filter.call(control.options, function (o) { return value.split("\n").indexOf(o.value) >= 0; })
        .map(function (o) { return o.textContent.trim(); });
      return texts.join(", ") || words("liveEmpty", "empty");
    }
    return value === "" ? words("liveEmpty", "empty") : value;
  }

  var notes = 0;
  function mark(field, value) {
    var last = field.controls[field.controls.length - 1];
    var label = last.closest("label");
    var group = field.kind === "radio" ? last.closest("fieldset") : null;
    var note = document.createElement("p");
    notes += 1;
    note.id = "live-also-" + notes;
    note.className = "help live-also";
    note.textContent = words("liveAlso", "Also changed on another phone: now {value}").replace("{value}", shown(field, value));
    if (group) {
      group.appendChild(note);
    } else {
      (field.kind === "text" || field.kind === "select" || !label ? last : label).insertAdjacentElement("afterend", note);
    }
    field.controls.forEach(function (c) {
      c.classList.add("live-conflict");
      var described = (c.getAttribute("aria-describedby") || "").split(" ").filter(Boolean);
      described.push(note.id);
      c.setAttribute("aria-describedby", described.join(" "));
    });
  }

  // Carry what is pending on the page part old into its fresh copy. Returns
  // whether every pending entry found its place, and whether the other
  // phone changed one of them too.
  function carry(old, fresh) {
    var before = fields(old);
    var after = fields(fresh);
    var result = { complete: true, clashed: false };
    before.order.forEach(function (field) {
      if (!pending(field)) { return; }
      var twin = after.byKey[field.key];
      var value = valueOf(field);
      if (!twin || twin.kind !== field.kind || twin.controls[0].disabled || twin.controls[0].readOnly) {
        if (!onlySelection(field)) { result.complete = false; }
        return;
      }
      var theirs = defaultOf(twin);
      if (!setValue(twin, value)) {
        if (!onlySelection(field)) { result.complete = false; }
        return;
      }
      // The other phone saved this field too (now, or at an earlier refresh
      // this phone has not sent since): say what it saved.
      var marked = field.controls[0].classList.contains("live-conflict");
      if (!onlySelection(field) && (marked || theirs !== defaultOf(field)) && theirs !== value) {
        mark(twin, theirs);
        result.clashed = true;
      }
      // Opened to show what is kept in it.
      var details = twin.controls[0].closest("details");
      if (details) { details.open = true; }
    });
    // A part the player opened stays open.
    var opened = old.querySelectorAll("details");
    var copies = fresh.querySelectorAll("details");
    for (var i = 0; i < opened.length && i < copies.length; i += 1) {
      if (opened[i].open) { copies[i].open = true; }
    }
    return result;
  }

  function anyPending(root) {
    return fields(root).order.some(function (field) { return pending(field) && !onlySelection(field); });
  }

  // ---- Saying what happened ------------------------------------------------

  function say(text, refreshed, extra) {
    var where = main();
    if (!where) { return; }
    var box = document.getElementById("live-status");
    if (!box || !where.contains(box)) {
      box = document.createElement("div");
      box.id = "live-status";
      box.className = "live-status";
      box.setAttribute("role", "status");
      where.insertBefore(box, where.firstChild);
    }
    box.textContent = "";
    var line = document.createElement("p");
    line.textContent = text;
    box.appendChild(line);
    if (extra) {
      var also = document.createElement("p");
      also.className = "live-also-said";
      also.textContent = extra;
      box.appendChild(also);
    }
    if (!refreshed) {
      var button = document.createElement("button");
      button.type = "button";
      button.className = "secondary";
      button.textContent = words("liveShow", "Show it");
      button.addEventListener("click", function () { window.location.reload(); });
      box.appendChild(button);
    }
  }

  function newsText(news) {
    // "Bo's phone: Bo built Domus on C3" when the phone has a name.
    var prefix = news.by ? news.by + ":" : words("liveSaid", "Changed on another phone:");
    var changes = news.changes && news.changes.length ? news.changes : [news.what];
    var text = prefix + " " + changes.join("; ");
    var more = Number(news.more) || 0;
    if (more === 1) {
      text += " " + words("liveMoreOne", "…and one more change");
    } else if (more > 1) {
      text += " " + words("liveMore", "…and {n} more changes").replace("{n}", String(more));
    }
    return text;
  }

  // ---- Showing the table anew ----------------------------------------------

  // Where the player is: the field they are in (and the caret in it), and
  // how far down the page they are.
  function place() {
    var active = document.activeElement;
    var here = { x: window.scrollX, y: window.scrollY, key: null, index: 0, start: null, end: null };
    var current = main();
    if (!active || !current || !current.contains(active) || !active.form) { return here; }
    var found = fields(current);
    found.order.forEach(function (field) {
      var at = field.controls.indexOf(active);
      if (at >= 0) { here.key = field.key; here.index = at; }
    });
    try {
      here.start = active.selectionStart;
      here.end = active.selectionEnd;
    } catch (e) { /* not a text field */ }
    return here;
  }

  function goBack(here) {
    if (here.key) {
      var field = fields(main()).byKey[here.key];
      var control = field && field.controls[here.index];
      if (control) {
        control.focus({ preventScroll: true });
        if (here.start !== null && here.start !== undefined) {
          try { control.setSelectionRange(here.start, here.end); } catch (e) { /* not a text field */ }
        }
      }
    }
    window.scrollTo(here.x, here.y);
  }

  function refresh(text, version) {
    refreshing = true;
    fetch(window.location.href, { headers: { Accept: "text/html" }, cache: "no-store" })
      .then(function (response) { return response.ok ? response.text() : null; })
      .then(function (html) {
        refreshing = false;
        if (html === null) { say(text, false); return; }
        if (composing) { return; } // asked again at the next tick
        var page = new DOMParser().parseFromString(html, "text/html");
        var fresh = page.querySelector("main");
        var current = main();
        if (!fresh || !current) { say(text, false); return; }
        var parts = [[current, fresh]];
        document.querySelectorAll("[data-live-part][id]").forEach(function (part) {
          var copy = page.getElementById(part.id);
          if (copy) { parts.push([part, copy]); }
        });
        var complete = true;
        var clashed = false;
        parts.forEach(function (pair) {
          var got = carry(pair[0], pair[1]);
          complete = complete && got.complete;
          clashed = clashed || got.clashed;
        });
        if (!complete) { declined = version; say(text, false); return; }
        var here = place();
        parts.forEach(function (pair) {
          pair[0].replaceWith(document.adoptNode(pair[1]));
        });
        if (page.title) { document.title = page.title; }
        document.dispatchEvent(new CustomEvent("live:replaced"));
        goBack(here);
        say(text, true, clashed ? words("liveAlsoSaid", "Another phone also changed a field you were filling in.") : "");
      })
      .catch(function () { refreshing = false; say(text, false); });
  }

  function tick() {
    var here = main();
    if (!here || refreshing || composing || document.hidden || Date.now() < quietUntil) { return; }
    var shownVersion = here.dataset.version;
    var url = here.dataset.live;
    if (here.dataset.position) {
      url += (url.indexOf("?") >= 0 ? "&" : "?") + "since=" + encodeURIComponent(here.dataset.position);
    }
    fetch(url, { headers: { "If-None-Match": '"v' + shownVersion + '"' }, cache: "no-store" })
      .then(function (response) { return response.status === 200 ? response.json() : null; })
      .then(function (news) {
        if (!news || refreshing || Date.now() < quietUntil) { return; }
        if (String(news.version) === String(main().dataset.version)) { return; }
        if (String(news.version) === declined) { return; }
        refresh(newsText(news), String(news.version));
      })
      .catch(function () { /* try again at the next tick */ });
  }

  window.setInterval(tick, EVERY);
  window.live = { pending: anyPending, carry: carry };
})();
