// The live board: draws the state the quizmaster publishes (GET /state, then /events).
"use strict";
(function () {
  // the listening points whose countdown the board shows
  const COUNTED = ["answer", "attacker", "playoff", "before", "options", "place", "which-gap", "tiebreak"];
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

  // The shortest start of each name that no other team's name shares: a pawn's label, so no
  // team is told apart by its colour alone.
  function initials(teams) {
    const names = teams.map((t) => t.name);
    const out = {};
    for (const n of names) {
      let k = 1;
      while (k < n.length && names.some((o) => o !== n && o.slice(0, k) === n.slice(0, k))) k++;
      out[n] = n.charAt(0).toUpperCase() + n.slice(1, k);
    }
    return out;
  }

  function drawBars(track, s) {
    const goal = s.variant === "kompakt" ? s.target : s.track;
    track.classList.add("bars");
    track.appendChild(el("div", "goal", s.variant === "kompakt" ? `First to ${goal}` : `Lap: ${goal}`));
    for (const t of s.teams) {
      const bar = el("div", "bar");
      bar.dataset.team = t.name;
      bar.dataset.position = t.position;
      const lane = el("div", "lane");
      const fill = el("div", "fill");
      paint(fill, t.colour);
      fill.style.setProperty("width", `${Math.min(100, (100 * t.position) / Math.max(1, goal))}%`);
      lane.appendChild(fill);
      bar.append(el("span", "who", name(t.name)), lane, el("b", "score", t.position));
      track.appendChild(bar);
    }
  }

  function drawTrack(s) {
    const track = clear($("track"));
    track.classList.remove("bars");
    if (s.variant === "kompakt" || s.variant === "timeline") { drawBars(track, s); return; }
    const short = initials(s.teams);
    document.body.classList.toggle("short-track", s.track <= 20);
    for (let n = 0; n <= s.track; n++) {
      const cell = el("div", "cell");
      if (n >= s.track - s.home_stretch && n < s.track) cell.classList.add("home");
      if (n === s.track) cell.classList.add("finish");
      cell.appendChild(el("span", "n", n === 0 ? "S" : n));
      for (const t of s.teams.filter((t) => t.position === n)) {
        const pawn = el("span", "pawn", short[t.name]);
        pawn.dataset.team = t.name;
        pawn.dataset.position = t.position;
        pawn.title = name(t.name);
        paint(pawn, t.colour);
        cell.appendChild(pawn);
      }
      track.appendChild(cell);
    }
  }

  function count(n, what) { return `${n} ${what}${n === 1 ? "" : "s"}`; }

  function chips(t, variant) {
    const parts = [];
    if (t.kind) parts.push(t.kind === "child" ? "children" : "adults");
    if (variant === "kompakt") parts.push(t.bezzerwizzers ? "Bezzerwizzer ready" : "Bezzerwizzer used");
    else if (variant === "timeline") parts.push(count(t.cards, "card"), count(t.pawns, "pawn"), `Zwap ${t.zwaps}`);
    else parts.push(`Bezzerwizzer ${t.bezzerwizzers}`, `Zwap ${t.zwaps}`);
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
      const head = el("div", "head");
      head.append(el("span", "name", t.name), pos);
      card.append(head, el("div", "chips", chips(t, s.variant)));
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

  function colourOf(s, team) {
    const t = s.teams.find((t) => t.name === team);
    return t ? t.colour : null;
  }

  // What the answering team plays for: its tile's points and category, the token, the wheel.
  function stake(s) {
    const turn = s.turn;
    if (!turn) return "";
    if (s.variant === "timeline") return `wheel ${turn.slot}`;
    if (s.variant === "kompakt") return s.question ? s.question.category : "";
    const team = s.teams.find((t) => t.name === turn.team);
    const tile = team && team.tiles ? team.tiles.find((x) => x.slot === turn.slot) : null;
    const points = `${turn.slot} ${turn.slot === 1 ? "point" : "points"}`;
    return tile ? `for ${points}: ${tile.category}` : `for ${points}`;
  }

  // The banner: whose turn, in that team's colour, and a Bezzerwizzer team answering beside it.
  function drawBanner(s) {
    const banner = $("banner"), turn = $("turn"), attacker = $("attacker");
    let team = null;
    attacker.hidden = true;
    if (s.finished) {
      turn.textContent = s.winner ? `${name(s.winner)} wins!` : "The game is over.";
      turn.className = "winner";
      team = s.winner;
    } else if (s.turn) {
      turn.textContent = `${name(s.turn.team)}'s turn`;
      turn.className = "";
      team = s.turn.team;
      const l = s.listening;
      if (s.attacker) {
        const answers = l && l.kind === "attacker" && l.team === s.attacker;
        attacker.hidden = false;
        attacker.textContent = `Bezzerwizzer: ${name(s.attacker)}${answers ? " answers" : ""}`;
        paint(attacker, colourOf(s, s.attacker));
      }
    } else {
      turn.textContent = s.phase === "playoff" ? "Play-off" : s.round ? "Between rounds" : "Setting up";
      turn.className = "";
    }
    $("stake").textContent = s.finished ? "" : stake(s);
    const colour = team ? colourOf(s, team) : null;
    banner.classList.toggle("coloured", Boolean(colour));
    banner.dataset.team = team || "";
    if (colour) paint(banner, colour); else banner.style.removeProperty("background");
  }

  function drawNow(s) {
    drawBanner(s);
    const q = s.question;
    const question = clear($("question"));
    if (q) question.append(el("span", "category", `${q.category}: `), q.text);
    const r = s.revealed;
    const rev = clear($("revealed"));
    if (r && r.solution) {
      rev.append("Last answer: ", el("b", "", r.solution), ` (${name(r.team)}: ${r.answer})`);
    } else if (r && r.playoff) {
      rev.append("Play-off: " + r.playoff.map((p) => `${name(p.team)} ${p.answer}`).join(", "));
    }
    $("now").hidden = !question.firstChild && !rev.firstChild;
    countdown = s.listening && COUNTED.includes(s.listening.kind) ? s.listening : null;
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
    for (const row of s.standings) {
      const item = el("li", "", `${row.team} ${row.position}`);
      item.dataset.team = row.team;
      list.appendChild(item);
    }
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
    document.body.dataset.teams = s.teams.length;
    document.body.dataset.variant = s.variant;
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
