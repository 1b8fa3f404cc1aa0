// The live page: asks the server for the site's live sessions every second and redraws them (text only, never HTML).
"use strict";
(function () {
  var box = document.getElementById("live");
  var status = document.getElementById("live-status");
  if (!box || !status) { return; }
  var source = box.getAttribute("data-source");
  var columns = ["Row", "Round", "Target", "Condition", "Target (°)", "Aim (°)", "Deviation (°)", "Time (s)", "Hit", "Photo at"];
  var last = null;

  function element(name, text, attributes) {
    var node = document.createElement(name);
    if (text !== undefined && text !== null) { node.textContent = String(text); }
    for (var key in attributes || {}) { node.setAttribute(key, attributes[key]); }
    return node;
  }
  function fixed(value, digits) { return value === null || value === undefined ? "" : value.toFixed(digits); }

  function session(s) {
    var section = element("section", null, { "class": "live-session", "aria-label": "Session " + s.session });
    section.appendChild(element("h2", s.participant + " · session " + s.session));
    var line = element("p", "Machine " + s.machine + " · started " + s.started + " · " +
      (s.ended ? "ended " + s.ended : "in progress") + " · ");
    line.appendChild(element("span", s.trials, { "class": "live-count" }));
    line.appendChild(document.createTextNode(" rows"));
    section.appendChild(line);
    var scroll = element("div", null, { "class": "scroll", "role": "region", "aria-label": "Rows of session " + s.session, "tabindex": "0" });
    var table = element("table");
    var head = element("tr");
    columns.forEach(function (c) { head.appendChild(element("th", c, { "scope": "col" })); });
    table.appendChild(element("thead")).appendChild(head);
    var body = table.appendChild(element("tbody"));
    s.rows.forEach(function (r) {
      var tr = element("tr");
      [r.trial, r.round, r.target, r.condition, fixed(r.target_deg, 1), fixed(r.aim_deg, 1), fixed(r.deviation_deg, 1),
       fixed(r.time_s, 2), r.hit === null || r.hit === undefined ? "" : (r.hit ? "yes" : "no"), r.shot_at]
        .forEach(function (v) { tr.appendChild(element("td", v)); });
      body.appendChild(tr);
    });
    scroll.appendChild(table);
    section.appendChild(scroll);
    return section;
  }

  function draw(data) {
    var nodes = data.sessions.map(session);
    if (nodes.length === 0) { nodes = [element("p", "No session is being played now.", { "class": "live-none" })]; }
    box.replaceChildren.apply(box, nodes);
  }

  function poll() {
    fetch(source, { credentials: "same-origin", cache: "no-store", headers: { "Accept": "application/json" } })
      .then(function (response) {
        if (!response.ok) { throw new Error("the server answered " + response.status); }
        return response.text();
      })
      .then(function (text) {
        if (text !== last) { last = text; draw(JSON.parse(text)); }
        status.textContent = "Updated " + new Date().toLocaleTimeString();
      })
      .catch(function (error) { status.textContent = "Not updated: " + error.message + " (trying again)."; })
      .then(function () { window.setTimeout(poll, 1000); });
  }
  poll();
}());
