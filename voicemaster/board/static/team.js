// A team's private view: its code, its hidden category, and its answer typed when asked.
"use strict";
(function () {
  const $ = (id) => document.getElementById(id);
  const vm = (window.vm = { seqs: [], delays: [], last: null, lastSeq: 0, reconnects: 0, replies: [] });
  let who = null;
  let source = null;

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
    $("answer-form").hidden = !asked;
    $("ask").textContent = asked
      ? asked.private ? "Type your answer now: only you see it." : "Your answer is asked: type it, or say it aloud."
      : board.finished ? "The game is over." : "Wait for your turn.";
    const q = board.question;
    $("board-line").textContent = q ? `${q.category}: ${q.text}` : "";
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
  teams();
})();
