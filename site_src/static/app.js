// The explorer page: draws the view the explorer worker sends and posts what the visitor does.
// No game logic here — every rule, every "why not?" and every picture comes from ftwkit in the
// worker; the page maps a click to board units and shows the answer.
"use strict";
(function () {
  const meta = JSON.parse(document.getElementById("meta").textContent);
  const $ = (id) => document.getElementById(id);
  const worker = new Worker("assets/worker.js");
  let nextId = 0;
  const waiting = new Map();
  let view = null;
  let searching = false;
  let stuckNode = null; // a position where the computer could not move (not asked again)
  let seats = null; // "person" or "computer" per seat
  const started = performance.now();

  worker.onmessage = (event) => {
    const { id, answer, done, timings } = event.data;
    if (timings) document.body.dataset.workerTimings = JSON.stringify(timings);
    const callback = waiting.get(id);
    if (done) waiting.delete(id);
    if (callback) callback(JSON.parse(answer), done);
  };

  function send(request) {
    return new Promise((resolve) => {
      const id = ++nextId;
      waiting.set(id, (answer, done) => { show(answer); if (done) resolve(answer); });
      worker.postMessage({ id, request: JSON.stringify(request) });
    });
  }

  function show(answer) {
    if (answer.error) { $("status").textContent = answer.error; return; }
    view = answer.view;
    render();
  }

  function text(el, value) { el.textContent = value == null ? "" : String(value); }

  function render() {
    const v = view;
    document.body.dataset.node = v.node;
    document.body.dataset.renders = String(Number(document.body.dataset.renders || 0) + 1);
    text($("status"), v.status);
    const cover = $("cover");
    cover.hidden = !v.covered;
    if (v.covered) text($("cover-text"), `Pass the device to ${v.players[v.pass_to]}. ` +
      "The board stays hidden until they are ready.");
    const board = $("board");
    board.innerHTML = v.svg;
    board.hidden = v.covered;
    const svg = board.querySelector("svg");
    if (svg) {
      svg.removeAttribute("width"); svg.removeAttribute("height");
      svg.style.maxWidth = v.width + "px";
      svg.addEventListener("click", onBoardClick);
    }
    const message = $("message");
    text(message, v.message);
    message.className = "message" + (v.refused ? " refused" : "");
    const choices = $("choices");
    choices.innerHTML = "";
    const options = v.choices.length ? v.choices : v.buttons;
    if (options.length) {
      const label = document.createElement("span");
      label.textContent = v.choices.length ? "Which move? " : "Moves without a board click: ";
      choices.appendChild(label);
    }
    for (const option of options) {
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = option.text;
      b.onclick = () => send(v.choices.length ? { op: "choose", index: option.index }
                                               : { op: "click", button: option.index });
      choices.appendChild(b);
    }
    $("steps-row").hidden = v.steps.length < 2;
    if (v.steps.length >= 2) {
      const at = v.substep == null ? v.steps.length - 1 : v.substep;
      text($("step-text"), ` ${v.steps[at]} `);
      $("step-prev").disabled = at === 0;
      $("step-next").disabled = v.substep == null;
    }
    $("back").disabled = !v.can_back;
    $("forward").disabled = !v.can_forward;
    renderHistory(v);
    renderSeats(v);
    const link = $("link");
    if (v.link) {
      const hash = "#record=" + v.link.record;
      link.href = hash;
      link.className = "";
      link.textContent = "Link to this position";
      if (location.hash !== hash) history.replaceState(null, "", hash);
    } else {
      link.removeAttribute("href");
      link.className = "small";
      link.textContent = v.no_link.charAt(0).toUpperCase() + v.no_link.slice(1) + ".";
      if (location.hash) history.replaceState(null, "", location.pathname);
    }
    if (!document.body.dataset.firstBoard && v.svg) {
      document.body.dataset.firstBoard = String(Math.round(performance.now() - started));
    }
    maybeComputer();
  }

  function renderHistory(v) {
    // the tree in pre-order: the main line at the left, each variation indented
    const list = $("history");
    list.innerHTML = "";
    v.history.forEach((n, i) => {
      const li = document.createElement("li");
      const b = document.createElement("button");
      b.type = "button";
      b.className = "node" + (n.id === v.node ? " here" : "") + (n.on_line ? "" : " off-line");
      b.style.marginLeft = n.depth * 14 + "px";
      b.textContent = (i === 0 ? "" : `${n.depth ? "↳ " : ""}`) + n.label;
      b.onclick = () => send({ op: "goto", node: n.id });
      li.appendChild(b);
      list.appendChild(li);
    });
  }

  function renderSeats(v) {
    if (!seats || seats.length !== v.players.length) {
      seats = v.players.map(() => "person");

      const box = $("seats");
      box.innerHTML = "";
      v.players.forEach((name, i) => {
        const label = document.createElement("label");
        label.className = "seat";
        label.textContent = name + " ";
        const select = document.createElement("select");
        select.id = "seat-" + i;
        for (const [value, words] of [["person", "a person"], ["computer", "the computer"]]) {
          const o = document.createElement("option");
          o.value = value; o.textContent = words; o.selected = seats[i] === value;
          select.appendChild(o);
        }
        select.onchange = () => { seats[i] = select.value; sendSeats().then(maybeComputer); };
        label.appendChild(select);
        box.appendChild(label);
      });
      const viewer = $("viewer");
      viewer.innerHTML = "";
      for (const choice of v.views) {
        const o = document.createElement("option");
        o.value = choice.value == null ? "" : String(choice.value);
        o.textContent = choice.label + (choice.value === "to_play" ? " (pass the device)" : "");
        viewer.appendChild(o);
      }
    }
    $("view-row").hidden = !v.views.length;
    $("viewer").value = v.view == null ? "" : String(v.view);
    $("hint").disabled = searching || v.over;
    $("stop").disabled = !searching;
  }

  function sendSeats() {
    const computer = seats.map((who, i) => (who === "computer" ? i : -1)).filter((i) => i >= 0);
    return send({ op: "seats", computer });
  }

  function maybeComputer() {
    if (searching || !view || view.over || view.to_play == null || view.substep != null) return;
    if (seats[view.to_play] !== "computer" || view.node === stuckNode) return;
    think("move");
  }

  async function think(purpose) {
    searching = true;
    $("stop").disabled = false;
    $("hint").disabled = true;
    const before = view.node;
    await send({ op: "search", purpose, level: $("level").value });
    if (purpose === "move" && view.node === before) stuckNode = before;
    searching = false;
    $("stop").disabled = true;
    render();
  }

  function onBoardClick(event) {
    if (searching && view && seats[view.to_play] === "computer") return;
    const svg = event.currentTarget;
    const point = svg.createSVGPoint();
    point.x = event.clientX; point.y = event.clientY;
    const at = point.matrixTransform(svg.getScreenCTM().inverse());
    const t0 = performance.now();
    send({ op: "click", x: at.x, y: at.y }).then(() => {
      document.body.dataset.clickMs = String(Math.round(performance.now() - t0));
    });
  }

  // ------------------------------------------------------------------ controls
  $("back").onclick = () => send({ op: "back" });
  $("forward").onclick = () => send({ op: "forward" });
  $("clear").onclick = () => send({ op: "clear" });
  $("reveal").onclick = () => send({ op: "reveal" });
  $("hint").onclick = () => think("hint");
  $("stop").onclick = () => {
    const id = ++nextId;
    waiting.set(id, () => {}); // the search's own answer says "Stopped."
    worker.postMessage({ id, stop: true });
  };
  $("step-prev").onclick = () => {
    const at = view.substep == null ? view.steps.length - 1 : view.substep;
    send({ op: "substep", index: Math.max(0, at - 1) });
  };
  $("step-next").onclick = () => {
    const at = view.substep == null ? view.steps.length - 1 : view.substep;
    send({ op: "substep", index: at + 1 });
  };
  $("typed").onsubmit = (event) => {
    event.preventDefault();
    send({ op: "play", text: $("move-text").value });
  };
  $("viewer").onchange = () => {
    const value = $("viewer").value;
    send({ op: "view", viewer: value === "to_play" ? "to_play" : value === "" ? null : Number(value) });
  };
  $("link").onclick = (event) => {
    if (!view || !view.link) { event.preventDefault(); return; }
    event.preventDefault();
    const address = location.href;
    if (navigator.clipboard) navigator.clipboard.writeText(address).catch(() => {});
    text($("message"), "The address of this page now opens this position (copied if allowed).");
  };

  // variant switches, in words
  const form = $("variants");
  for (const option of meta.options) {
    const row = document.createElement("div");
    row.className = "switch";
    const label = document.createElement("label");
    label.innerHTML = `<b></b>`;
    label.firstChild.textContent = option.label;
    let control;
    if (option.choices) {
      control = document.createElement("select");
      option.choices.forEach((choice, i) => {
        const o = document.createElement("option");
        o.value = String(i); o.textContent = choice.words;
        o.selected = choice.value === option.default;
        control.appendChild(o);
      });
    } else {
      control = document.createElement("input");
      control.type = "number";
      if (option.min != null) control.min = option.min;
      if (option.max != null) control.max = option.max;
      control.value = option.default == null ? "" : option.default;
      control.placeholder = "off";
    }
    control.name = option.name;
    label.appendChild(control);
    const words = document.createElement("p");
    words.className = "small";
    words.innerHTML = option.explanation;
    row.append(label, words);
    form.appendChild(row);
  }
  const players = document.createElement("label");
  players.innerHTML = "<b>Players</b>";
  const count = document.createElement("select");
  count.id = "player-count";
  for (let n = meta.min_players; n <= meta.max_players; n++) {
    const o = document.createElement("option");
    o.value = String(n); o.textContent = String(n); o.selected = n === meta.default_players;
    count.appendChild(o);
  }
  players.appendChild(count);
  const submit = document.createElement("button");
  submit.type = "submit";
  submit.textContent = "New game with these rules";
  if (meta.min_players !== meta.max_players) form.appendChild(players);
  form.appendChild(submit);
  form.onsubmit = (event) => {
    event.preventDefault();
    const options = {};
    for (const option of meta.options) {
      const control = form.elements[option.name];
      let value;
      if (option.choices) value = option.choices[Number(control.value)].value;
      else value = control.value === "" ? null : Number(control.value);
      if (value !== option.default) options[option.name] = value;
    }
    seats = null;
    send({ op: "open", game: meta.game, options, players: Number(count.value) });
  };

  function openFromAddress() {
    const link = location.hash.replace(/^#/, "");
    seats = null;
    return send({ op: "open", game: meta.game, link: link || null });
  }
  window.addEventListener("hashchange", () => {
    if (view && view.link && location.hash === "#record=" + view.link.record) return;
    openFromAddress();
  });
  openFromAddress();
})();
