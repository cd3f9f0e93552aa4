// The portal's only script: the inbox buttons. Everything else is plain HTML from the server.
// A plain form cannot send the per-server token header, so the buttons post with fetch, then
// reload the page so that what is shown is what is on disk.
"use strict";

(function () {
  var NOTICE_KEY = "swarmkit-notice";
  var tokenTag = document.querySelector('meta[name="swarmkit-token"]');
  var notice = document.getElementById("notice");

  function show(text, isError) {
    if (!notice) return;
    notice.textContent = text;
    notice.className = isError ? "error" : "ok";
  }

  // The message of the action that caused the reload.
  var last = window.sessionStorage.getItem(NOTICE_KEY);
  if (last) {
    window.sessionStorage.removeItem(NOTICE_KEY);
    show(last, false);
  }

  var DONE = { kept: "Kept in", pinned: "Pinned in", deleted: "Deleted" };

  document.addEventListener("click", function (event) {
    var button = event.target.closest("button[data-action]");
    if (!button || !tokenTag) return;
    var item = button.closest("[data-ref]");
    var action = button.getAttribute("data-action");
    var body = { ref: item.getAttribute("data-ref"), expect: item.getAttribute("data-digest") };
    if (action === "keep") body.to = item.querySelector('select[name="to"]').value;
    var buttons = item.querySelectorAll("button");
    buttons.forEach(function (b) { b.disabled = true; });
    fetch("/memory/inbox/" + action, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-Swarmkit-Token": tokenTag.content },
      body: JSON.stringify(body),
    })
      .then(function (response) {
        return response.json().then(function (data) { return { ok: response.ok, data: data }; });
      })
      .then(function (result) {
        if (result.ok) {
          var where = result.data.status === "deleted" ? body.ref : result.data.ref;
          window.sessionStorage.setItem(NOTICE_KEY, (DONE[result.data.status] || result.data.status) + " " + where);
          window.location.reload();
          return;
        }
        var error = (result.data && result.data.error) || {};
        show((error.message || "the server refused") + (error.hint ? " (" + error.hint + ")" : ""), true);
        buttons.forEach(function (b) { b.disabled = false; });
      })
      .catch(function (err) {
        show("Could not reach the server: " + err, true);
        buttons.forEach(function (b) { b.disabled = false; });
      });
  });
})();
