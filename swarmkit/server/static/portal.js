// The portal's only script: the inbox buttons, the Add and Import forms, and each kept entry's
// Edit form and Forget button. Everything else is
// plain HTML from the server. A plain form cannot send the per-server token header, so they post
// with fetch, then reload the page so that what is shown is what is on disk.
"use strict";

(function () {
  var NOTICE_KEY = "swarmkit-notice";
  var tokenTag = document.querySelector('meta[name="swarmkit-token"]');
  var notice = document.getElementById("notice");

  // Messages and hints are written for a terminal, where `backticks` mark code: shown as <code>.
  function show(text, isError) {
    if (!notice) return;
    notice.textContent = "";
    text.split(/`([^`\n]+)`/).forEach(function (part, i) {
      var node = i % 2 ? document.createElement("code") : document.createTextNode(part);
      if (i % 2) node.textContent = part;
      if (part) notice.appendChild(node);
    });
    notice.className = isError ? "error" : "ok";
  }

  // The message of the action that caused the reload.
  var last = window.sessionStorage.getItem(NOTICE_KEY);
  if (last) {
    window.sessionStorage.removeItem(NOTICE_KEY);
    show(last, false);
  }

  var DONE = { kept: "Kept in", pinned: "Pinned in", deleted: "Deleted", accepted: "Accepted:" };

  // POST `body` as JSON with the token; on success remember `message(data)` for after the reload.
  function send(path, body, controls, message, next, method) {
    controls.forEach(function (c) { c.disabled = true; });
    fetch(path, {
      method: method || "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-Swarmkit-Token": tokenTag.content },
      body: JSON.stringify(body),
    })
      .then(function (response) {
        return response.json().then(function (data) { return { ok: response.ok, data: data }; });
      })
      .then(function (result) {
        if (result.ok) {
          window.sessionStorage.setItem(NOTICE_KEY, message(result.data));
          var target = next ? next(result.data) : null;
          if (target && target.split("#")[0] !== window.location.pathname) window.location.assign(target);
          else window.location.reload();
          return;
        }
        var error = (result.data && result.data.error) || {};
        show((error.message || "the server refused") + (error.hint ? " (" + error.hint + ")" : ""), true);
        controls.forEach(function (c) { c.disabled = false; });
      })
      .catch(function (err) {
        show("Could not reach the server: " + err, true);
        controls.forEach(function (c) { c.disabled = false; });
      });
  }

  function added(data) {
    if (data.status === "replaced") return "Replaced “" + data.old + "” with “" + data.text + "” in " + data.stable_ref;
    if (data.status === "reinforced") return "Already there: “" + data.text + "” in " + data.stable_ref;
    return "Added “" + data.text + "” to " + data.stable_ref;
  }

  function answered(data) {
    return data.status === "ok" ? "Answered in run " + data.turn.run : "The turn " + data.status + ": " + data.error;
  }

  function imported(data) {
    return "Imported " + data.imported + ", duplicates " + data.duplicates + ", skipped " + data.skipped +
      (data.truncated ? ", truncated at " + (data.limits || []).join(" and ") + unread(data.skipped_files) : "") +
      (data.imported ? ": review them in the inbox" : "");
  }

  // the files an import stopped before (their reason says "not read"), counted: the API lists them
  function unread(files) {
    var count = (files || []).filter(function (file) { return file.reason.indexOf("not read") === 0; }).length;
    return count ? "; not read: " + count + (count === 1 ? " file" : " files") : "";
  }

  document.addEventListener("submit", function (event) {
    var edit = event.target.closest("form[data-put]");
    if (edit && tokenTag) {
      // a kept entry's new text: PUT /memory/entries/REF (its ref escaped in the path)
      event.preventDefault();
      var text = edit.querySelector('input[name="text"]').value;
      send(edit.getAttribute("data-put"), { text: text }, edit.querySelectorAll("input, button"), function (data) {
        return "Edited " + data.ref + ": “" + data.old + "” → “" + data.text + "”";
      }, null, "PUT");
      return;
    }
    var form = event.target.closest("form[data-post]");
    if (!form || !tokenTag) return;
    event.preventDefault();
    var body = {};
    form.querySelectorAll("input[name], select[name], textarea[name]").forEach(function (field) {
      if (field.value !== "") body[field.name] = field.value;  // an empty choice means the default
    });
    var path = form.getAttribute("data-post");
    var controls = form.querySelectorAll("input, select, textarea, button");
    if (path === "/conversations") {
      // a turn runs the whole topology: say so while it does, then show the conversation
      show("Thinking…", false);
      send(path, body, controls, answered, function (data) {
        return "/portal/conversations/" + data.conversation.id + "#turn-" + data.conversation.turns;
      });
      return;
    }
    send(path, body, controls, path === "/memory/import" ? imported : added);
  });

  // In the message box, Enter sends and Shift+Enter starts a new line, as in a chat.
  document.addEventListener("keydown", function (event) {
    if (event.key !== "Enter" || event.shiftKey || !event.target.closest("form.say textarea")) return;
    event.preventDefault();
    event.target.closest("form").requestSubmit();
  });

  document.addEventListener("click", function (event) {
    var button = event.target.closest("button[data-action]");
    if (!button || !tokenTag) return;
    if (button.getAttribute("data-action") === "delete-run") {
      var run = button.getAttribute("data-run");
      // a record cannot be had back: ask first (what the run wrote to memory stays)
      if (!window.confirm("Delete run " + run + " and its swarm folder? What it wrote to memory stays.")) return;
      var person = button.getAttribute("data-person");  // a person's run, listed in the owner's view
      var path = "/runs/" + run + (person ? "?person=" + encodeURIComponent(person) : "");
      send(path, undefined, [button], function () { return "Deleted run " + run; }, null, "DELETE");
      return;
    }
    var item = button.closest("[data-ref]");
    var action = button.getAttribute("data-action");
    if (action === "forget") {
      // the line's digest as expect: an entry changed since the page was shown is refused
      var ref = item.getAttribute("data-ref");
      var path = "/memory/entries/" + encodeURIComponent(ref) + "?expect=" + encodeURIComponent(button.getAttribute("data-expect"));
      send(path, undefined, item.querySelectorAll("button, input"), function (data) {
        return "Forgot " + ref + ": “" + data.text + "”";
      }, null, "DELETE");
      return;
    }
    var body = { ref: item.getAttribute("data-ref"), expect: item.getAttribute("data-digest") };
    if (action === "keep") body.to = item.querySelector('select[name="to"]').value;
    send("/memory/inbox/" + action, body, item.querySelectorAll("button, select"), function (data) {
      var where = data.status === "deleted" ? body.ref : data.ref;
      return (DONE[data.status] || data.status) + " " + where;
    });
  });
})();
