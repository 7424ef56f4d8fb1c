// trumpf in the browser: the lobby, a table, a player's history. Plain
// modules, no build step. The table speaks the protocol of
// docs/protocol.md: actions carry ids and are resent until acknowledged;
// a reconnect says the last event number seen.
import { cardElement } from './cards.js';

const main = document.getElementById('main');
const banner = document.getElementById('banner');
const suitSelect = document.getElementById('suits');
suitSelect.value = localStorage.getItem('trumpf.suits') || 'french';
suitSelect.addEventListener('change', () => { localStorage.setItem('trumpf.suits', suitSelect.value); rerender(); });
let rerender = () => {};

const h = (tag, attrs = {}, ...children) => {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k.startsWith('on')) el.addEventListener(k.slice(2), v);
    else if (v !== undefined && v !== null && v !== false) el.setAttribute(k, v === true ? '' : v);
  }
  for (const c of children.flat()) if (c !== null && c !== undefined) el.append(c instanceof Node ? c : String(c));
  return el;
};
const myName = () => localStorage.getItem('trumpf.name') || '';
const api = async (method, path, body) => {
  const res = await fetch(path, { method, headers: { 'Content-Type': 'application/json' }, body: body ? JSON.stringify(body) : undefined });
  const json = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(json.error || res.statusText);
  return json;
};
const go = (path) => { history.pushState({}, '', path); route(); };
window.addEventListener('popstate', () => route());

const MEMBERS = { skat: 3, spitzer: 4, spidge: 3 };

// ---- the lobby -------------------------------------------------------
async function lobby() {
  banner.dataset.state = 'idle';
  const name = h('input', { id: 'name', value: myName(), placeholder: 'your name', maxlength: 24 });
  name.addEventListener('change', () => localStorage.setItem('trumpf.name', name.value.trim()));
  const game = h('select', { id: 'game' }, ...['skat', 'spitzer', 'spidge'].map((g) => h('option', { value: g }, g[0].toUpperCase() + g.slice(1))));
  const preset = h('select', { id: 'preset' }, h('option', { value: 'isko' }, 'ISkO'), h('option', { value: 'pub' }, 'Pub (Ramsch, Kontra, Bock)'), h('option', { value: 'pirat' }, 'Pirat'), h('option', { value: 'xskat' }, 'XSkat (Spitze, Schenken, Klopfen)'));
  const members = h('select', { id: 'members' }, h('option', { value: '3' }, '3 members'), h('option', { value: '4' }, '4 members'));
  const rules = h('input', { id: 'rules', placeholder: 'rules, e.g. deals=12 scoring=seeger_fabian', size: 32 });
  const seatsBox = h('div', { id: 'seats' });
  const seatKinds = [['me', 'Me'], ['person', 'A friend (invite)'], ['bot:easy', 'Bot: easy'], ['bot:medium', 'Bot: medium'], ['bot:hard', 'Bot: hard'], ['bot:heuristic', 'Bot: heuristic'], ['bot:random', 'Bot: random']];
  const drawSeats = () => {
    const n = game.value === 'skat' ? Number(members.value) : MEMBERS[game.value];
    preset.disabled = members.disabled = game.value !== 'skat';
    seatsBox.replaceChildren(...Array.from({ length: n }, (_, i) => h('label', { class: 'form-row' }, `Seat ${i + 1} `,
      h('select', { class: 'seat-kind', 'data-seat': i }, ...seatKinds.map(([v, t]) => h('option', { value: v, selected: (i === 0 ? v === 'me' : v === 'bot:medium') }, t))))));
  };
  game.addEventListener('change', drawSeats);
  members.addEventListener('change', drawSeats);
  drawSeats();
  const message = h('div', { class: 'message' });
  const create = h('button', { id: 'create', onclick: async () => {
    localStorage.setItem('trumpf.name', name.value.trim());
    const seats = [...seatsBox.querySelectorAll('.seat-kind')].map((s) => s.value === 'me' ? { kind: 'me', name: name.value.trim() || 'Guest' }
      : s.value === 'person' ? { kind: 'person' } : { kind: 'bot', level: s.value.slice(4) });
    let text = rules.value.trim();
    if (game.value === 'skat' && members.value === '4') text = `table_size=4 ${text}`;
    try {
      const made = await api('POST', '/api/tables', { game: game.value, preset: game.value === 'skat' ? preset.value : '', rules: text, seats });
      if (made.token) localStorage.setItem(`trumpf.seat.${made.id}`, made.token);
      localStorage.setItem(`trumpf.invites.${made.id}`, JSON.stringify(made.invites));
      go(`/t/${made.id}`);
    } catch (e) { message.textContent = e.message; message.className = 'message bad'; }
  } }, 'Open the table');
  const list = h('div', { id: 'open-tables' }, 'Loading…');
  main.replaceChildren(
    h('section', {}, h('h2', {}, 'A new table'),
      h('div', { class: 'form-row' }, 'Name ', name, h('a', { href: '#', onclick: (e) => { e.preventDefault(); go(`/history/${encodeURIComponent(name.value.trim())}`); } }, 'my history')),
      h('div', { class: 'form-row' }, game, preset, members), h('div', { class: 'form-row' }, rules), seatsBox, create, message),
    h('section', {}, h('h2', {}, 'Tables'), list));
  rerender = () => {};
  try {
    const { tables } = await api('GET', '/api/tables');
    list.replaceChildren(...(tables.length ? tables.map((t) => h('div', { class: 'lobby-table' },
      h('span', {}, `${t.game} · deal ${t.deal} · `, t.members.map((m) => m.kind === 'empty' ? 'free seat' : m.name).join(', ')),
      h('span', { class: 'actions' },
        t.open > 0 ? h('button', { onclick: async () => {
          const { token } = await api('POST', `/api/tables/${t.id}/seat`, { name: myName() || 'Guest' });
          localStorage.setItem(`trumpf.seat.${t.id}`, token);
          go(`/t/${t.id}`);
        } }, 'Take a seat') : null,
        h('button', { class: 'secondary', onclick: () => go(`/t/${t.id}?watch=1`) }, 'Watch')))) : ['No open tables yet.']));
  } catch (e) { list.textContent = e.message; }
}

// ---- a player's history ---------------------------------------------
async function historyPage(name) {
  banner.dataset.state = 'idle';
  const { tables } = await api('GET', `/api/players/${encodeURIComponent(name)}`);
  main.replaceChildren(h('section', {}, h('h2', {}, `${name}'s tables`),
    ...(tables.length ? tables.map((t) => h('div', { class: 'lobby-table' },
      h('span', {}, `${t.game} · ${new Date(t.created * 1000).toLocaleString()} · ${t.finished ? 'finished' : 'in progress'}`),
      h('span', { class: 'actions' },
        h('a', { href: `/api/tables/${t.id}/record?format=trumpf` }, 'trumpf record'),
        t.game === 'skat' ? h('a', { href: `/api/tables/${t.id}/record?format=iss` }, 'ISS') : null,
        t.finished ? null : h('a', { href: `/t/${t.id}` }, 'open')))) : [h('p', {}, 'No tables yet.')])));
}

// ---- a table -----------------------------------------------------------
function tablePage(id, watch) {
  const params = new URLSearchParams(location.search);
  if (params.get('seat')) localStorage.setItem(`trumpf.seat.${id}`, params.get('seat'));
  const token = watch ? null : localStorage.getItem(`trumpf.seat.${id}`);
  let ws = null; let state = null; let seen = 0; let nextId = 1; let closed = false;
  const pending = new Map(); // id -> message, resent until acknowledged
  let selected = new Set();
  let note = { text: '', bad: false };
  let hint = null; let analysis = null; const chat = [];

  const send = (msg) => { if (ws && ws.readyState === 1) ws.send(JSON.stringify(msg)); };
  const act = (action) => {
    const msg = { t: 'act', id: nextId++, action, ticket: state?.ticket };
    localStorage.setItem(`trumpf.nextid.${id}`, String(nextId));
    pending.set(msg.id, msg);
    hint = null;
    send(msg);
  };
  const resend = () => { for (const msg of pending.values()) send(msg); };
  setInterval(resend, 3000);

  const connect = (delay = 0) => setTimeout(() => {
    if (closed) return;
    ws = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws?table=${id}`);
    banner.dataset.state = 'closed'; banner.textContent = 'connecting…';
    ws.onopen = () => {
      banner.dataset.state = 'open'; banner.textContent = 'connected';
      ws.send(JSON.stringify({ t: 'hello', table: id, token, seen, name: myName() || 'Guest' }));
    };
    ws.onmessage = (e) => receive(JSON.parse(e.data));
    ws.onclose = () => { banner.dataset.state = 'closed'; banner.textContent = 'reconnecting…'; connect(Math.min(5000, delay * 2 + 500)); };
  }, delay);

  const receive = (msg) => {
    switch (msg.t) {
      case 'welcome':
        nextId = Math.max(nextId, (msg.lastId ?? 0) + 1, Number(localStorage.getItem(`trumpf.nextid.${id}`) || 1));
        chat.splice(0, chat.length, ...msg.chat);
        resend();
        break;
      case 'state': {
        const first = msg.events[0];
        if (first && first.n > seen + 1 && !msg.fresh) { send({ t: 'resync', seen }); }
        seen = msg.v; state = msg;
        if (!msg.legal.some((l) => l.action?.Discard)) selected = new Set();
        break;
      }
      case 'ack': pending.delete(msg.id); break;
      case 'error':
        if (msg.id !== null && msg.id !== undefined) pending.delete(msg.id);
        note = { text: msg.message, bad: true };
        break;
      case 'chat': chat.push(msg); break;
      case 'hint': hint = msg; break;
      case 'analysis': analysis = msg; break;
      case 'rematch':
        if (msg.token) localStorage.setItem(`trumpf.seat.${msg.table}`, msg.token);
        note = { text: 'A rematch is open.', bad: false };
        render();
        go(`/t/${msg.table}${msg.token ? '' : '?watch=1'}`);
        return;
      default: break;
    }
    render();
  };

  const style = () => suitSelect.value;
  const seatName = (s) => {
    const m = state.deal.seats[s];
    return `${state.members[m]?.name ?? '?'} (${state.deal.seatNames[s]})`;
  };

  const trickOf = (view, which) => {
    const hist = view.history; if (!hist) return null;
    const size = state.game === 'skat' ? 3 : 4;
    const L = hist.leaders.length;
    const index = which === 'current' ? L - 1 : L - 2;
    if (index < 0) return null;
    const cards = hist.cards.slice(index * size, index * size + size);
    const leader = hist.leaders[index];
    const hands = ['Left', 'Dummy', 'Right', 'Dealer'];
    const lead = typeof leader === 'number' ? leader : hands.indexOf(leader);
    return cards.map((card, i) => {
      const who = (lead + i) % size;
      let label;
      if (state.game === 'spidge') label = ['L', 'Dummy', 'R', 'Dealer'][who];
      else label = seatName(who);
      return { card, label };
    });
  };

  const render = () => {
    if (!state) { main.replaceChildren(h('p', {}, 'Joining the table…')); return; }
    const v = state.view; const legal = state.legal;
    const legalCards = new Set(legal.filter((l) => l.card).map((l) => l.card));
    const discards = legal.filter((l) => l.action?.Discard);
    const onCard = (card) => {
      note = { text: '', bad: false };
      if (discards.length) {
        selected.has(card) ? selected.delete(card) : selected.add(card);
        if (selected.size > 2) selected = new Set([...selected].slice(-2));
        render(); return;
      }
      const playing = legal.find((l) => l.card === card);
      // An illegal card goes to the server too: its refusal says why.
      act(playing ? playing.action : (state.game === 'spidge' || state.game === 'spitzer' || state.game === 'skat' ? { Play: card } : null));
    };
    const seats = h('div', { class: 'seats' }, ...state.deal.seats.map((m, s) => {
      const member = state.members[m];
      const said = state.talk.filter((t) => t.seat === s).map((t) => t.said).join(' · ');
      return h('div', { class: 'seat' + (state.deal.toAct === s ? ' to-act' : ''), 'data-seat': s },
        h('div', { class: 'who' }, `${member.name}${m === state.you ? ' (you)' : ''}`),
        h('div', { class: 'note' }, `${state.deal.seatNames[s]} · ${member.kind}${member.bot ? ' ' + member.bot : ''}${member.kind === 'person' && !member.here ? ' · away' : ''}`),
        h('div', { class: 'note' }, said));
    }));
    const current = trickOf(v, 'current') || []; const last = trickOf(v, 'last');
    const trick = h('section', { id: 'trick' }, h('h3', {}, 'Trick'),
      h('div', { class: 'trick' }, ...current.map(({ card, label }) => h('figure', {}, cardElement(card, { style: style() }), h('figcaption', {}, label)))),
      last && last.length ? h('details', {}, h('summary', {}, 'Last trick'), h('div', { class: 'trick' }, ...last.map(({ card, label }) => h('figure', {}, cardElement(card, { style: style() }), h('figcaption', {}, label))))) : null);
    const hand = h('div', { class: 'cards', id: 'hand' }, ...state.hand.map((card) => cardElement(card, {
      style: style(), legal: legalCards.has(card) || (discards.length > 0), selected: selected.has(card), dim: legal.length > 0 && !legalCards.has(card) && !discards.length, onClick: state.you !== null ? onCard : undefined,
    })));
    const dummy = state.game === 'spidge' && v.dummy && v.dummy.length ? h('section', { id: 'dummy' }, h('h3', {}, 'Dummy (face up)'),
      h('div', { class: 'cards' }, ...v.dummy.map((card) => cardElement(card, { style: style(), legal: legalCards.has(card), onClick: legalCards.has(card) ? onCard : undefined })))) : null;
    const skatCards = state.game === 'skat' && v.skat && v.skat.length ? h('div', {}, 'Skat: ', h('div', { class: 'cards' }, ...v.skat.map((c) => cardElement(c, { style: style() })))) : null;
    const ouvert = state.game === 'skat' && v.ouvert_hand ? h('div', {}, 'Open hand: ', h('div', { class: 'cards' }, ...v.ouvert_hand.map((c) => cardElement(c, { style: style() })))) : null;

    // Buttons for what is not a card: bids, the skat, declarations, Kontra, announcements.
    const buttons = legal.filter((l) => !l.card && !l.action?.Discard && !l.action?.Bid).map((l) => h('button', { class: 'act', onclick: () => act(l.action) }, l.text));
    const bids = legal.filter((l) => l.action?.Bid);
    const bidBox = bids.length ? h('span', { class: 'actions' }, ...bids.slice(0, 3).map((l) => h('button', { class: 'act bid', onclick: () => act(l.action) }, l.text)),
      bids.length > 3 ? (() => { const sel = h('select', { id: 'bid-more' }, ...bids.slice(3).map((l, i) => h('option', { value: i + 3 }, l.text))); return h('span', {}, sel, h('button', { class: 'secondary', onclick: () => act(bids[Number(sel.value)].action) }, 'Bid')); })() : null) : null;
    let discardButton = null;
    if (discards.length) {
      const pair = discards.find((l) => { const c = l.action.Discard; return c.length === 2 && selected.has(c[0]) && selected.has(c[1]); });
      discardButton = h('button', { id: 'discard', disabled: !pair, onclick: () => pair && act(pair.action) }, pair ? pair.text : 'Pick two cards to lay away');
    }
    const turn = state.you === null ? 'You are watching.' : legal.length ? 'Your turn.' : state.deal.over ? 'The deal is over.' : `Waiting for ${state.deal.toAct !== null ? seatName(state.deal.toAct) : '…'}`;
    const actions = h('section', { id: 'actions' }, h('div', {}, turn), h('div', { class: `message${note.bad ? ' bad' : ''}`, id: 'note' }, note.text),
      h('div', { class: 'actions' }, bidBox, ...buttons, discardButton,
        legal.length ? h('button', { class: 'secondary', id: 'hint', onclick: () => send({ t: 'hint' }) }, 'Hint') : null,
        state.canNext ? h('button', { id: 'next', onclick: () => send({ t: 'next' }) }, 'Next deal') : null,
        state.deal.over && state.you !== null ? h('button', { class: 'secondary', id: 'analysis', onclick: () => send({ t: 'analysis' }) }, 'Analysis') : null,
        state.deal.over && state.you !== null ? h('button', { class: 'secondary', id: 'rematch', onclick: () => send({ t: 'rematch' }) }, 'Rematch') : null),
      hint ? h('div', { id: 'hint-text' }, `Hint: ${hint.text}. `, hint.cards.length ? hint.cards.map((c) => `${c.card} ${(c.value * (hint.unit.includes('chance') ? 100 : 1)).toFixed(hint.unit.includes('chance') ? 0 : 1)}${hint.unit.includes('chance') ? '%' : ''}`).join(', ') + ` (${hint.unit}; ${hint.how})` : '') : null);
    const result = state.itemised ? h('section', { id: 'result' }, h('h3', {}, 'Result'), rows(state.itemised),
      analysis ? h('div', { id: 'analysis-text' }, h('h3', {}, 'Analysis'),
        analysis.perfectValue !== null ? h('p', {}, `With perfect play: ${analysis.perfectValue} (${analysis.unit})${analysis.couldWin === null ? '' : analysis.couldWin ? ', the game could be won' : ', the game could not be won'}.`) : null,
        analysis.plays.length ? h('p', {}, `What a card gave away against the best one, in ${analysis.unit}:`) : null,
        analysis.plays.length ? h('ul', {}, ...analysis.plays.map((p) => h('li', {}, `Trick ${p.trick}: you played ${p.played}${p.cost ? `, ${p.best} was better by ${p.cost}` : ' — a best card'}`))) : h('p', {}, 'You played no card this deal.')) : null) : null;
    const sheet = h('section', { id: 'sheet' }, h('h3', {}, 'Score sheet'), h('table', { class: 'sheet' },
      h('tr', {}, h('th', {}, 'Deal'), ...state.members.map((m) => h('th', {}, m.name))),
      ...state.sheet.deals.map((d, i) => h('tr', {}, h('td', {}, i + 1), ...d.scores.map((s) => h('td', {}, s)))),
      h('tr', {}, h('th', {}, 'Total'), ...state.sheet.totals.map((t) => h('th', {}, t)))),
      h('p', {}, h('a', { href: `/api/tables/${id}/record?format=trumpf` }, 'Download the trumpf record'), state.game === 'skat' ? [' · ', h('a', { href: `/api/tables/${id}/record?format=iss` }, 'ISS records')] : null));
    const invites = JSON.parse(localStorage.getItem(`trumpf.invites.${id}`) || '[]');
    const inviteBox = h('section', { id: 'invites' }, h('h3', {}, 'Invite'),
      ...invites.map((inv) => { const url = `${location.origin}/t/${id}?seat=${inv.token}`; const input = h('input', { value: url, readonly: true });
        return h('div', { class: 'invite' }, `Seat ${inv.member + 1}: `, input, h('button', { class: 'secondary', onclick: async () => { try { await navigator.clipboard.writeText(url); } catch { input.select(); document.execCommand('copy'); } note = { text: 'Link copied.', bad: false }; render(); } }, 'Copy')); }),
      h('div', { class: 'invite' }, 'Watch: ', h('input', { value: `${location.origin}/t/${id}?watch=1`, readonly: true })));
    const chatInput = h('input', { id: 'chat-input', placeholder: 'say something', maxlength: 500 });
    const chatBox = h('section', { id: 'chat' }, h('h3', {}, 'Chat'), h('div', { class: 'chat-log' }, ...chat.map((c) => h('div', {}, h('b', {}, c.from + ': '), c.text))),
      state.you !== null ? h('form', { class: 'form-row', onsubmit: (e) => { e.preventDefault(); if (chatInput.value.trim()) send({ t: 'chat', text: chatInput.value }); chatInput.value = ''; } }, chatInput, h('button', {}, 'Send')) : null);
    main.replaceChildren(h('div', { class: 'grid2' },
      h('div', {}, h('section', {}, h('h3', {}, `${state.game[0].toUpperCase() + state.game.slice(1)} · deal ${state.deal.number}${state.game === 'skat' && v.contract ? ' · ' + v.contract + (v.bid ? ' at ' + v.bid : '') + (v.spitze ? ' · Spitze ' + v.spitze : '') : ''}`), seats),
        trick, dummy, h('section', { id: 'hand-box' }, h('h3', {}, 'Your cards'), hand, skatCards, ouvert), actions, result),
      h('div', {}, sheet, inviteBox, chatBox)));
  };
  rerender = render;
  render();
  connect();
  return () => { closed = true; ws && ws.close(); };
}

function rows(list) {
  return h('div', { class: 'rows' }, ...list.map((r) => {
    switch (r.row) {
      case 'heading': return h('div', { class: 'heading' }, r.text);
      case 'verdict': return h('div', { class: r.won ? 'won' : 'lost' }, `${r.text} ${r.won ? 'WON' : 'LOST'}`);
      case 'text': return h('div', {}, r.text);
      case 'step': return h('div', {}, `${r.label} ${r.amount >= 0 ? '+' : ''}${r.amount} = ${r.running}`);
      case 'cards': return h('div', {}, r.before, h('span', { class: 'cards' }, ...r.cards.map((c) => cardElement(c, { style: suitSelect.value }))), r.after);
      case 'grid': return h('pre', {}, r.rows.map((row) => row.cells.map((c, i) => r.columns[i]?.align === 'Right' ? String(c).padStart(r.columns[i].width) : String(c).padEnd(r.columns[i]?.width ?? 0)).join(' ')).join('\n'));
      default: return h('div', {}, '\u00a0');
    }
  }));
}

let leave = null;
function route() {
  if (leave) { leave(); leave = null; }
  const path = location.pathname;
  const table = path.match(/^\/t\/([0-9a-f]+)/);
  const hist = path.match(/^\/history\/(.+)/);
  if (table) leave = tablePage(table[1], new URLSearchParams(location.search).has('watch'));
  else if (hist) historyPage(decodeURIComponent(hist[1]));
  else lobby();
}
route();
