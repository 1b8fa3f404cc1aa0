// The live page: asks the server for the site's live sessions every second and redraws them (text only, never HTML).
// Its words are the page's (live.mustache's data- attributes, translated on the server like every other text).
"use strict";
(function () {
  var box = document.getElementById("live");
  var status = document.getElementById("live-status");
  if (!box || !status) { return; }
  var source = box.getAttribute("data-source");
  // A text of the page with its {name} placeholders filled.
  function words(name, values) {
    var text = box.getAttribute("data-" + name) || "";
    for (var key in values || {}) { text = text.split("{" + key + "}").join(String(values[key])); }
    return text;
  }
  var columns = words("columns").split("|");
  var last = null;

  function element(name, text, attributes) {
    var node = document.createElement(name);
    if (text !== undefined && text !== null) { node.textContent = String(text); }
    for (var key in attributes || {}) { node.setAttribute(key, attributes[key]); }
    return node;
  }
  // Numbers with the page language's decimal mark (data-decimal), as the server writes them in the first draw.
  var decimal = box.getAttribute("data-decimal") || ".";
  function fixed(value, digits) {
    return value === null || value === undefined ? "" : value.toFixed(digits).replace(".", decimal);
  }

  function session(s) {
    var section = element("section", null, { "class": "live-session", "aria-label": words("session", { session: s.session }) });
    section.appendChild(element("h2", words("heading", { participant: s.participant, session: s.session })));
    // The row count is a span of its own (the tests and the style sheet find it): the line is cut around it.
    var parts = words("line", {
      machine: s.machine, started: s.started, state: s.ended ? words("ended", { ended: s.ended }) : words("running")
    }).split("{count}");
    var line = element("p", parts[0]);
    line.appendChild(element("span", s.trials, { "class": "live-count" }));
    line.appendChild(document.createTextNode(parts.slice(1).join("")));
    section.appendChild(line);
    var scroll = element("div", null, { "class": "scroll", "role": "region", "aria-label": words("rows", { session: s.session }), "tabindex": "0" });
    var table = element("table");
    var head = element("tr");
    columns.forEach(function (c) { head.appendChild(element("th", c, { "scope": "col" })); });
    table.appendChild(element("thead")).appendChild(head);
    var body = table.appendChild(element("tbody"));
    s.rows.forEach(function (r) {
      var tr = element("tr");
      [r.trial, r.round, r.target, r.condition, fixed(r.target_deg, 1), fixed(r.aim_deg, 1), fixed(r.deviation_deg, 1),
       fixed(r.time_s, 2), r.hit === null || r.hit === undefined ? "" : words(r.hit ? "yes" : "no"), r.shot_at]
        .forEach(function (v) { tr.appendChild(element("td", v)); });
      body.appendChild(tr);
    });
    scroll.appendChild(table);
    section.appendChild(scroll);
    return section;
  }

  function draw(data) {
    var nodes = data.sessions.map(session);
    if (nodes.length === 0) { nodes = [element("p", words("none"), { "class": "live-none" })]; }
    box.replaceChildren.apply(box, nodes);
  }

  function poll() {
    fetch(source, { credentials: "same-origin", cache: "no-store", headers: { "Accept": "application/json" } })
      .then(function (response) {
        if (!response.ok) { throw new Error(words("answered", { status: response.status })); }
        return response.text();
      })
      .then(function (text) {
        if (text !== last) { last = text; draw(JSON.parse(text)); }
        status.textContent = words("updated", { time: new Date().toLocaleTimeString(document.documentElement.lang) });
      })
      .catch(function (error) { status.textContent = words("failed", { reason: error.message }); })
      .then(function () { window.setTimeout(poll, 1000); });
  }
  poll();
}());
