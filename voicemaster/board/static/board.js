// The live board: draws the state the quizmaster publishes (GET /state, then /events).
"use strict";
(function () {
  const ANSWER_KINDS = ["answer", "attacker", "playoff"];
  const COLOURS = ["red", "blue", "green", "yellow", "purple", "orange"];
  const $ = (id) => document.getElementById(id);
  // what tests and the benchmark read: every seq received and its delay from publishing
  const vm = (window.vm = { seqs: [], delays: [], last: null, lastSeq: 0, reconnects: 0 });
  let countdown = null;

  function el(tag, cls, text) {
    const node = document.createElement(tag);
    if (cls) node.className = cls;
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }
  function name(team) { return team ? team.charAt(0).toUpperCase() + team.slice(1) : ""; }
  function paint(node, colour) {
    node.style.setProperty("background", `var(--${COLOURS.includes(colour) ? colour : "dim"})`);
  }
  function clear(node) { while (node.firstChild) node.removeChild(node.firstChild); return node; }

  function drawTrack(s) {
    const track = clear($("track"));
    if (s.variant === "kompakt" || s.variant === "timeline") {
      const goal = s.variant === "kompakt" ? s.target : s.track;
      track.appendChild(el("div", "", s.variant === "kompakt" ? `First to ${goal}` : `Lap: ${goal}`));
      for (const t of s.teams) {
        const bar = el("div", "bar");
        bar.dataset.team = t.name;
        bar.dataset.position = t.position;
        const lane = el("div", "track");
        const fill = el("div", "fill");
        paint(fill, t.colour);
        fill.style.setProperty("width", `${Math.min(100, (100 * t.position) / Math.max(1, goal))}%`);
        lane.appendChild(fill);
        bar.append(el("span", "", name(t.name)), lane, el("b", "", t.position));
        track.appendChild(bar);
      }
      return;
    }
    for (let n = 0; n <= s.track; n++) {
      const cell = el("div", "cell");
      if (n >= s.track - s.home_stretch && n < s.track) cell.classList.add("home");
      if (n === s.track) cell.classList.add("finish");
      cell.appendChild(el("span", "n", n === 0 ? "S" : n));
      for (const t of s.teams.filter((t) => t.position === n)) {
        const pawn = el("span", "pawn");
        pawn.dataset.team = t.name;
        pawn.dataset.position = t.position;
        pawn.title = name(t.name);
        paint(pawn, t.colour);
        cell.appendChild(pawn);
      }
      track.appendChild(cell);
    }
  }

  function chips(t, variant) {
    const parts = [];
    if (t.kind) parts.push(t.kind === "child" ? "children" : "adults");
    if (variant === "kompakt") parts.push(t.bezzerwizzers ? "BEZZERWIZZER ready" : "BEZZERWIZZER used");
    else if (variant === "timeline") parts.push(`${t.cards} cards`, `${t.pawns} pawns`, `ZWAP ${t.zwaps}`);
    else parts.push(`BEZZERWIZZER ${t.bezzerwizzers}`, `ZWAP ${t.zwaps}`);
    return parts.join(" · ");
  }

  function drawTeams(s) {
    const box = clear($("teams"));
    for (const t of s.teams) {
      const card = el("div", "team");
      card.dataset.team = t.name;
      card.style.setProperty("border-left-color", `var(--${t.colour})`);
      if (s.turn && s.turn.team === t.name) card.classList.add("turn");
      const pos = el("span", "position", t.position);
      pos.dataset.team = t.name;
      card.append(pos, el("div", "name", t.name), el("div", "chips", chips(t, s.variant)));
      if (t.tiles) {
        const list = el("ol", "tiles");
        for (const tile of t.tiles) {
          const li = el("li", `tile ${tile.state}`);
          li.append(el("span", "", tile.category), el("span", "", `${tile.points}`));
          list.appendChild(li);
        }
        card.appendChild(list);
      }
      if (t.token) {
        const tk = t.token;
        const text = tk.state === "hidden" ? "token: hidden" : tk.category ? `token: ${tk.category}` : "";
        card.appendChild(el("div", `tile ${tk.state}`, text));
      }
      box.appendChild(card);
    }
  }

  function drawNow(s) {
    const turn = $("turn");
    if (s.finished) {
      turn.textContent = s.winner ? `${name(s.winner)} wins!` : "The game is over.";
      turn.className = "winner";
    } else if (s.turn) {
      const what = s.variant === "kompakt" ? "" : s.variant === "timeline" ? ` (wheel ${s.turn.slot})` : `, for ${s.turn.slot}`;
      turn.textContent = `${name(s.turn.team)}'s turn${what}`;
      turn.className = "";
    } else {
      turn.textContent = s.phase === "playoff" ? "Play-off" : "Between rounds";
    }
    const q = s.question;
    $("question").textContent = q ? `${q.category}: ${q.text}` : "";
    const r = s.revealed;
    const rev = clear($("revealed"));
    if (r && r.solution) {
      rev.append("Last answer: ", el("b", "", r.solution), ` (${name(r.team)}: ${r.answer})`);
    } else if (r && r.playoff) {
      rev.append("Play-off: " + r.playoff.map((p) => `${name(p.team)} ${p.answer}`).join(", "));
    }
    countdown = s.listening && ANSWER_KINDS.concat(["before", "options"]).includes(s.listening.kind) ? s.listening : null;
    tick();
  }

  function tick() {
    const box = $("countdown");
    if (!countdown) { box.textContent = ""; return; }
    const left = Math.max(0, countdown.since + countdown.seconds * 1000 - Date.now());
    box.textContent = `${Math.ceil(left / 1000)} s`;
  }

  function drawStandings(s) {
    const box = clear($("standings"));
    const list = el("ol");
    for (const row of s.standings) list.appendChild(el("li", "", `${row.team} ${row.position}`));
    box.append(el("h2", "", "Standings"), list);
  }

  function drawTimeline(s) {
    const box = $("timeline");
    box.hidden = !s.timeline;
    if (!s.timeline) return;
    clear(box);
    const line = el("div", "line");
    for (const c of s.timeline.line) line.appendChild(el("span", "card", c.year));
    box.append(el("h2", "", "Timeline"), line);
  }

  // At set-up and while paused the quizmaster publishes the team codes; otherwise none.
  function drawCodes(s) {
    const list = clear($("code-list"));
    $("codes").hidden = !s.codes;
    if (!s.codes) return;
    for (const t of s.teams) {
      if (!s.codes[t.name]) continue;
      const item = el("li");
      item.dataset.team = t.name;
      const swatch = el("span", "swatch");
      paint(swatch, t.colour);
      item.append(swatch, `${t.name} ${s.codes[t.name]}`);
      list.appendChild(item);
    }
  }

  function draw(s) {
    vm.last = s;
    document.body.dataset.seq = s.seq;
    $("title").textContent = s.title;
    $("round").textContent = s.round ? `Round ${s.round}` : "Set-up";
    $("address").textContent = s.url || location.href;
    drawNow(s);
    drawTrack(s);
    drawTeams(s);
    drawStandings(s);
    drawTimeline(s);
    drawCodes(s);
  }

  function receive(s) {
    if (s.seq <= vm.lastSeq) return; // a repeat after reconnecting
    vm.lastSeq = s.seq;
    vm.seqs.push(s.seq);
    vm.delays.push(Date.now() - s.sent);
    draw(s);
  }

  function connect() {
    const source = new EventSource("/events");
    source.addEventListener("state", (e) => receive(JSON.parse(e.data)));
    source.onopen = () => { $("status").textContent = "live"; };
    source.onerror = () => { vm.reconnects += 1; $("status").textContent = "reconnecting…"; };
  }

  setInterval(tick, 250);
  connect();
})();
