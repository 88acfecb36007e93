// A team's private view: its code, its hidden category, and its answer typed when asked.
"use strict";
(function () {
  const $ = (id) => document.getElementById(id);
  const vm = (window.vm = { seqs: [], delays: [], last: null, lastSeq: 0, reconnects: 0, replies: [] });
  let who = null;
  let source = null;
  let sent = null; // the window ("kind:number") this team's answer was sent in
  let countdown = null; // the board's listening point while this team's window is open

  function name(team) { return team ? team.charAt(0).toUpperCase() + team.slice(1) : ""; }
  function say(text) { $("reply").textContent = text; vm.replies.push(text); }

  async function teams() {
    const state = await (await fetch("/state")).json();
    const select = $("team-select");
    for (const t of state.teams || []) {
      const opt = document.createElement("option");
      opt.value = t.name;
      opt.textContent = name(t.name);
      select.appendChild(opt);
    }
  }

  function draw(msg) {
    const me = msg.me, board = msg.board;
    $("me").textContent = `${name(me.team)}${me.kind ? (me.kind === "child" ? " (children)" : " (adults)") : ""}`;
    $("secret").textContent = me.category ? `Your category: ${me.category}` : "";
    const asked = me.window;
    const key = asked ? `${asked.kind}:${asked.number}` : null;
    if (key !== sent) sent = null;
    $("answer-form").hidden = !asked || sent !== null;
    let state = "wait", text = board.finished ? "The game is over." : "Not your turn: listen along.";
    if (asked && sent !== null) {
      state = "sent"; text = "Answer sent: wait for the verdict.";
    } else if (asked) {
      state = "asked";
      text = asked.private ? "Your answer is asked: type it now, only you see it." : "Your answer is asked: type it, or say it aloud.";
    }
    $("ask").textContent = text;
    $("ask").className = `state ${state}`;
    document.body.dataset.state = state;
    const l = board.listening;
    countdown = asked && l && l.team === me.team ? l : null;
    tick();
    const q = board.question;
    $("board-line").textContent = q ? `${q.category}: ${q.text}` : "";
  }

  // The countdown of this team's own window.
  function tick() {
    const box = $("team-countdown");
    if (!countdown) { box.textContent = ""; return; }
    const left = Math.max(0, countdown.since + countdown.seconds * 1000 - Date.now());
    box.textContent = `${Math.ceil(left / 1000)} s`;
  }

  function receive(msg) {
    if (msg.seq <= vm.lastSeq) return;
    vm.lastSeq = msg.seq;
    vm.seqs.push(msg.seq);
    vm.delays.push(Date.now() - msg.board.sent);
    vm.last = msg;
    draw(msg);
  }

  async function join(team, code) {
    const query = `team=${encodeURIComponent(team)}&code=${encodeURIComponent(code)}`;
    const reply = await fetch(`/team/state?${query}`);
    const body = await reply.json();
    if (!reply.ok) { say(body.error || `refused (${reply.status})`); return false; }
    who = { team, code };
    $("join-form").hidden = true;
    $("mine").hidden = false;
    $("status").textContent = "live";
    receive(body);
    follow(`/team/events?${query}`, receive);
    return true;
  }

  // Events since the last one drawn (after=: what happened while this page joined; the browser
  // sends Last-Event-ID itself when it reconnects).
  function follow(path, handle) {
    source = new EventSource(`${path}${path.includes("?") ? "&" : "?"}after=${vm.lastSeq}`);
    source.addEventListener("state", (e) => handle(JSON.parse(e.data)));
    source.onopen = () => { $("status").textContent = "live"; };
    source.onerror = () => {
      vm.reconnects += 1;
      $("status").textContent = "reconnecting…";
      if (source.readyState === EventSource.CLOSED && handle === receive) refused();
    };
  }

  // The team's stream was refused: once the game is over the code has expired, and the page
  // follows the public board to its end (no secrets are left to show).
  async function refused() {
    const query = `team=${encodeURIComponent(who.team)}&code=${encodeURIComponent(who.code)}`;
    const reply = await fetch(`/team/state?${query}`);
    if (reply.ok) { follow(`/team/events?${query}`, receive); return; }
    const body = await reply.json();
    say(body.error || `refused (${reply.status})`);
    if (reply.status !== 410) return;
    const me = { team: who.team, kind: vm.last ? vm.last.me.kind : null, category: null, window: null };
    follow("/events", (board) => receive({ board, me, seq: board.seq }));
  }

  async function answer(text) {
    const reply = await fetch("/team/answer", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ team: who.team, code: who.code, text }),
    });
    const body = await reply.json();
    say(reply.ok ? "Sent." : body.error || `refused (${reply.status})`);
    if (reply.ok && vm.last && vm.last.me.window) {
      sent = `${vm.last.me.window.kind}:${vm.last.me.window.number}`;
      draw(vm.last);
    }
    return reply.status;
  }
  window.vmJoin = join;
  window.vmAnswer = answer;

  $("join-form").addEventListener("submit", (e) => {
    e.preventDefault();
    join($("team-select").value, $("code").value.trim());
  });
  $("answer-form").addEventListener("submit", (e) => {
    e.preventDefault();
    const text = $("answer").value.trim();
    if (text) { answer(text); $("answer").value = ""; }
  });
  setInterval(tick, 250);
  teams();
})();
