// The table's entry page: entries wait in localStorage and are sent in
// order, each with its idempotency key, again and again until the server
// answers; live updates come as server-sent events.
(function () {
  'use strict';
  var root = document.getElementById('table');
  var code = root.dataset.code;
  var base = '/t/' + encodeURIComponent(code);
  var QKEY = 'bridgetd-queue-' + code;
  var state = null, current = null, sending = false;
  // others are boards not of this round that North–South chose to enter
  // (played by mistake, Law 15); armed is the one whose warning has been
  // shown, so that the next Send sends it to the director.
  var others = [], armed = null;

  function $(id) { return document.getElementById(id); }
  function newKey() {
    var b = new Uint8Array(16);
    crypto.getRandomValues(b);
    return Array.prototype.map.call(b, function (x) { return ('0' + x.toString(16)).slice(-2); }).join('');
  }
  function queue() { try { return JSON.parse(localStorage.getItem(QKEY) || '[]'); } catch (e) { return []; } }
  function saveQueue(q) { localStorage.setItem(QKEY, JSON.stringify(q)); showQueue(); }
  function showQueue() {
    var n = queue().length, el = $('queue');
    el.hidden = n === 0;
    el.textContent = n === 1 ? '1 entry waiting to be sent…' : n + ' entries waiting to be sent…';
  }
  function message(text) { var m = $('message'); m.hidden = !text; m.textContent = text || ''; }

  function post(path, body) {
    return fetch(base + path, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Accept': 'application/json' }, body: JSON.stringify(body) });
  }

  // enqueue adds a write with a fresh key and starts sending.
  function enqueue(path, body) {
    body.key = newKey();
    var q = queue();
    q.push({ path: path, body: body });
    saveQueue(q);
    pump();
  }

  // pump sends the queue in order; a network failure or a 5xx keeps the
  // entry (same key) and tries again; a 4xx drops it and says why.
  function pump() {
    if (sending) return;
    var q = queue();
    if (q.length === 0) return;
    sending = true;
    var item = q[0];
    post(item.path, item.body).then(function (r) {
      return r.json().catch(function () { return {}; }).then(function (j) {
        sending = false;
        if (r.status >= 500) { setTimeout(pump, 2000); return; }
        var q2 = queue(); q2.shift(); saveQueue(q2);
        if (!r.ok) {
          message('Not saved: ' + (j.error || ('refused: ' + r.status)));
          // A result the server refused (the round moved on while it
          // waited, the board is done…) is not lost silently: the
          // director is called with what it was and why.
          if ((item.path === '/enter' || item.path === '/confirm') && r.status !== 403 && r.status !== 429) {
            enqueue('/call', { note: ('Not saved: ' + summary(item) + ': ' + (j.error || r.status)).slice(0, 160) });
          }
        }
        else if (j.Status === 'held') {
          // A board not of the table's round: kept for the director, not counted.
          message('Board ' + j.Board + ' was not counted: ' + ((j.Warnings || [])[0] || 'sent to the director'));
        }
        else if (item.path !== '/call') { message(''); } // a call leaves what is said
        refresh();
        pump();
      });
    }).catch(function () { sending = false; setTimeout(pump, 2000); });
  }

  // summary names a queued write for the director.
  function summary(item) {
    var b = item.body;
    if (item.path === '/confirm') return 'East–West ' + (b.accept ? 'confirmation' : 'rejection') + ' of board ' + b.board;
    if (!b.level) return 'board ' + b.board + ' passed out';
    return 'board ' + b.board + ' ' + b.level + (b.strain || '') + (b.risk || '') + ' by ' + b.declarer + ', ' + b.tricks + ' tricks' + (b.lead ? ', lead ' + b.lead : '');
  }

  function refresh() {
    return fetch(base + '/state', { headers: { 'Accept': 'application/json' } }).then(function (r) {
      if (!r.ok) { return r.json().then(function (j) { message(j.error || 'this table code no longer works'); }); }
      return r.json().then(function (s) { state = s; render(); });
    }).catch(function () { /* offline: keep what is shown */ });
  }

  function boardByNumber(n) {
    var all = ((state && state.boards) || []).concat(others);
    for (var i = 0; i < all.length; i++) { if (all[i].number === n) return all[i]; }
    return null;
  }


  function render() {
    $('round-label').textContent = state.round ? '· Round ' + state.round : '';
    $('other-form').hidden = !state.round;
    var pairs = $('pairs');
    pairs.textContent = state.round ? (state.seats ? seatNames(['North', 'South', 'East', 'West']) : 'NS ' + state.ns + ' · EW ' + state.ew) +
      (state.switched ? ' · arrow switch: NS hold the East–West cards' : '') : 'No round is open for this table yet.';
    renderMatch();
    var earlier = $('earlier-list');
    earlier.textContent = '';
    (state.earlier || []).forEach(function (e) {
      var li = document.createElement('li');
      if (e.visible) {
        var a = document.createElement('a'); a.href = base + '/board/' + e.number;
        a.textContent = 'Board ' + e.number + ' (round ' + e.round + '): traveller and hand record';
        li.appendChild(a);
      } else {
        li.textContent = 'Board ' + e.number + ' (round ' + e.round + '): shown when every table has played it';
      }
      earlier.appendChild(li);
    });
    $('earlier').hidden = !(state.earlier || []).length;
    var list = $('boards');
    list.textContent = '';
    (state.boards || []).forEach(function (b) {
      var li = document.createElement('li');
      var btn = document.createElement('button');
      btn.type = 'button';
      btn.className = 'board ' + (b.status || 'new') + (current === b.number ? ' current' : '');
      btn.setAttribute('aria-pressed', current === b.number ? 'true' : 'false');
      var label = { '': 'to enter', entered: 'waiting for EW', confirmed: 'done', rejected: 'rejected: enter again' }[b.status || ''];
      btn.textContent = 'Board ' + b.number + ' — ' + label;
      btn.addEventListener('click', function () { current = b.number; render(); });
      li.appendChild(btn);
      list.appendChild(li);
    });
    if (current === null || !boardByNumber(current)) {
      var next = (state.boards || []).filter(function (b) { return b.status !== 'confirmed'; })[0];
      current = next ? next.number : null;
      if (current !== null) { render(); return; }
    }
    var b = current === null ? null : boardByNumber(current);
    $('entry').hidden = !(b && (b.status === '' || b.status === undefined || b.status === 'rejected'));
    $('confirm').hidden = !(b && b.status === 'entered');
    $('done').hidden = !(b && b.status === 'confirmed');
    Array.prototype.forEach.call(document.querySelectorAll('.bn'), function (e) { e.textContent = b ? b.number : ''; });
    if (!b) return;
    if (b.status === 'entered') {
      $('confirm-line').textContent = line(b);
      // An individual table: name who entered and who checks.
      $('confirm-seats').hidden = !state.seats;
      $('confirm-seats').textContent = state.seats ? 'Entered by ' + seatNames(['North', 'South']) + '. To check: ' + seatNames(['East', 'West']) + '.' : '';
      var ul = $('confirm-warnings'); ul.textContent = '';
      (b.warnings || []).forEach(function (w) { var li = document.createElement('li'); li.textContent = 'Check: ' + w; ul.appendChild(li); });
    }
    if (b.status === 'confirmed') {
      $('done-line').textContent = line(b);
      var dl = $('done-link'); dl.textContent = '';
      if (b.visible) {
        var a = document.createElement('a'); a.href = base + '/board/' + b.number; a.textContent = 'Traveller and hand record';
        dl.appendChild(a);
      } else { dl.textContent = 'The traveller is shown when every table has played this board.'; }
    }
  }

  // imp shows IMPs signed, as the page's template does.
  function imp(f) {
    var s = (Math.round(f * 100) / 100).toString();
    return f > 0 ? '+' + s : (f === 0 ? '0' : s);
  }

  // renderMatch shows a teams match so far: the boards both rooms have
  // played, the running total, the VPs when complete.
  function renderMatch() {
    var m = state.match;
    $('match').hidden = !m;
    if (!m) return;
    $('match-teams').textContent = 'Home ' + m.home + ' v away ' + m.away + ' · this table is the ' + m.room + ' room';
    var tb = $('match-boards'); tb.textContent = '';
    m.boards.forEach(function (b) {
      var tr = document.createElement('tr');
      var th = document.createElement('th'); th.scope = 'row'; th.textContent = b.number; tr.appendChild(th);
      [b.home_imps, b.away_imps].forEach(function (x) { var td = document.createElement('td'); td.textContent = imp(x); tr.appendChild(td); });
      tb.appendChild(tr);
    });
    $('match-home').textContent = imp(m.home_imps);
    $('match-away').textContent = imp(m.away_imps);
    $('match-vp').textContent = m.vp ? 'Match complete: home ' + (Math.round(m.vp[0] * 100) / 100) + ' VP, away ' + (Math.round(m.vp[1] * 100) / 100) + ' VP' :
      'Shown board by board once both rooms have played it.';
  }

  // seatNames names the players of an individual table in the seats given.
  function seatNames(seats) {
    return (state.seats || []).filter(function (p) { return seats.indexOf(p.seat) >= 0; })
      .map(function (p) { return p.seat + ' ' + p.player; }).join(' · ');
  }

  function line(b) {
    var s = b.contract === 'Pass' ? 'Passed out' : b.contract + ' by ' + b.declarer + ', ' + b.tricks + ' tricks' + (b.lead ? ', lead ' + b.lead : '');
    return s + ' — North–South ' + (b.score > 0 ? '+' : '') + b.score;
  }

  function formEntry() {
    var f = $('entry-form');
    var level = f.querySelector('input[name=level]:checked');
    var e = { board: current, level: level ? parseInt(level.value, 10) : -1 };
    if (e.level > 0) {
      var st = f.querySelector('input[name=strain]:checked'), d = f.querySelector('input[name=declarer]:checked');
      e.strain = st ? st.value : '';
      e.risk = f.querySelector('input[name=risk]:checked').value;
      e.declarer = d ? d.value : '';
      e.tricks = parseInt($('tricks').value, 10);
      e.lead = $('lead').value.trim();
    }
    return e;
  }

  function fillTricks() {
    var f = $('entry-form'), level = f.querySelector('input[name=level]:checked');
    var n = level ? parseInt(level.value, 10) : 0, sel = $('tricks'), keep = sel.value;
    var passed = n === 0 && level;
    ['strain-set', 'risk-set', 'declarer-set', 'tricks-field', 'lead-field'].forEach(function (id) { $(id).hidden = !!passed; });
    sel.textContent = '';
    if (!n) { shownLevel = 0; return; }
    for (var t = 13; t >= 0; t--) {
      var o = document.createElement('option'), d = t - (n + 6);
      o.value = t;
      o.textContent = (d === 0 ? 'Made exactly' : d > 0 ? 'Made +' + d : 'Down ' + (-d)) + ' (' + t + ' tricks)';
      sel.appendChild(o);
    }
    // A change of level keeps the result relative to the contract (made
    // exactly stays made exactly), not the number of tricks.
    var tricks = keep && parseInt(keep, 10) >= 0 ? parseInt(keep, 10) + (shownLevel ? n - shownLevel : 0) : n + 6;
    sel.value = String(Math.max(0, Math.min(13, tricks)));
    shownLevel = n;
  }
  var shownLevel = 0;

  var previewTimer = null;
  function preview() {
    clearTimeout(previewTimer);
    previewTimer = setTimeout(function () {
      var e = formEntry(), p = $('preview');
      if (e.level < 0 || (e.level > 0 && (!e.strain || !e.declarer))) { p.textContent = ''; return; }
      e.key = 'preview';
      post('/check', e).then(function (r) { return r.json().then(function (j) {
        p.textContent = '';
        if (!r.ok) { p.textContent = j.error; return; }
        var s = document.createElement('p'); s.className = 'score';
        s.textContent = j.contract + ': North–South ' + (j.score > 0 ? '+' : '') + j.score + ' (Law 77)';
        p.appendChild(s);
        (j.warnings || []).forEach(function (w) { var x = document.createElement('p'); x.className = 'warning'; x.textContent = 'Check: ' + w; p.appendChild(x); });
      }); }).catch(function () { p.textContent = 'Offline: the score is shown when the entry reaches the director.'; });
    }, 150);
  }

  $('entry-form').addEventListener('change', function () { fillTricks(); preview(); });
  $('lead').addEventListener('input', preview);
  $('entry-form').addEventListener('submit', function (ev) {
    ev.preventDefault();
    var e = formEntry();
    if (e.level < 0) { message('Choose the level, or All pass.'); return; }
    if (e.level > 0 && (!e.strain || !e.declarer)) { message('Choose the strain and the declarer.'); return; }
    var b = boardByNumber(current);
    e.round = state && state.round || 0;
    if (b && b.other) {
      // Law 15: warned once; sent, it goes to the director, not counted.
      if (armed !== current) {
        armed = current;
        message('Board ' + current + ' is not in this round. A wrong board? Press Send again to send it to the director, who decides whether its score stands (Law 15).');
        return;
      }
      e.wrong_board = true;
      armed = null;
      others = others.filter(function (o) { return o.number !== current; });
      current = null;
      message('Board ' + e.board + ' sent to the director: it does not count until the director decides.');
      enqueue('/enter', e);
      $('entry-form').reset(); fillTricks(); $('preview').textContent = '';
      render();
      return;
    }
    message('');
    if (b) { b.status = 'entered'; b.contract = '…'; }
    enqueue('/enter', e);
    $('entry-form').reset(); fillTricks(); $('preview').textContent = '';
    render();
  });
  $('other-form').addEventListener('submit', function (ev) {
    ev.preventDefault();
    var n = parseInt($('other-board').value, 10);
    if (!(n >= 1)) { message('Type the number on the board you played.'); return; }
    if (!boardByNumber(n)) others.push({ number: n, status: '', other: true });
    current = n; armed = null; $('other-board').value = '';
    message(''); render();
  });
  $('accept').addEventListener('click', function () { enqueue('/confirm', { board: current, accept: true }); var b = boardByNumber(current); if (b) b.status = 'confirmed'; current = null; render(); });
  $('reject').addEventListener('click', function () { enqueue('/confirm', { board: current, accept: false }); var b = boardByNumber(current); if (b) b.status = 'rejected'; render(); });
  $('call-form').addEventListener('submit', function (ev) {
    ev.preventDefault();
    enqueue('/call', { note: $('call-note').value });
    $('call-note').value = '';
    message('The director has been called.');
  });
  window.addEventListener('online', pump);

  if (window.EventSource) {
    var es = new EventSource(base + '/stream');
    es.addEventListener('update', function () { refresh(); });
  }
  showQueue();
  fillTricks();
  refresh().then(pump);
  setInterval(pump, 5000);
})();
