// SVG card faces: French suits (clubs, spades, hearts, diamonds) or German
// ones (acorns, leaves, hearts, bells), the ranks of each deck, and the
// two Spidge jokers. A card id is the engine's: "CJ", "HT", "D7", "J1".

const NS = 'http://www.w3.org/2000/svg';

const FRENCH = {
  C: { sym: '♣', color: '#111', name: 'clubs' },
  S: { sym: '♠', color: '#111', name: 'spades' },
  H: { sym: '♥', color: '#c8102e', name: 'hearts' },
  D: { sym: '♦', color: '#c8102e', name: 'diamonds' },
};
const GERMAN = {
  C: { color: '#6b4a1b', name: 'Eichel' },
  S: { color: '#2f7d32', name: 'Grün' },
  H: { color: '#c8102e', name: 'Herz' },
  D: { color: '#d99a00', name: 'Schellen' },
};
const RANKS_FRENCH = { T: '10', J: 'J', Q: 'Q', K: 'K', A: 'A' };
const RANKS_GERMAN = { T: '10', J: 'U', Q: 'O', K: 'K', A: 'A' };

// The German suit marks, drawn at (0,0) in a 20x20 box.
function germanMark(suit, color) {
  switch (suit) {
    case 'C': // acorn
      return `<ellipse cx="10" cy="12.5" rx="5.5" ry="6.5" fill="${color}"/><path d="M3.5 8 Q10 1 16.5 8 Z" fill="#3b2a10"/><rect x="9" y="0.5" width="2" height="3" fill="#3b2a10"/>`;
    case 'S': // leaf
      return `<path d="M10 1 C17 6 17 14 10 19 C3 14 3 6 10 1 Z" fill="${color}"/><path d="M10 3 V19" stroke="#fff8" stroke-width="1"/>`;
    case 'H': // heart
      return `<path d="M10 18 C-2 9 4 0 10 6 C16 0 22 9 10 18 Z" fill="${color}"/>`;
    default: // bell
      return `<circle cx="10" cy="11" r="7" fill="${color}"/><rect x="4" y="10" width="12" height="2" fill="#7a5200"/><circle cx="10" cy="15" r="1.5" fill="#7a5200"/><rect x="9" y="2" width="2" height="3" fill="#7a5200"/>`;
  }
}

export function suitLabel(suit, style) {
  return style === 'german' ? GERMAN[suit]?.name ?? suit : FRENCH[suit]?.sym ?? suit;
}

/** The SVG text of a card face. */
export function cardSvg(id, style = 'french') {
  if (id === 'J1' || id === 'J2') {
    const color = id === 'J1' ? '#c8102e' : '#111';
    return `<svg viewBox="0 0 60 88" xmlns="${NS}" role="img" aria-label="joker ${id[1]}">
      <rect class="face" x="1" y="1" width="58" height="86" rx="6" fill="#fffdf6" stroke="#333"/>
      <text x="30" y="22" text-anchor="middle" font-size="9" font-weight="700" fill="${color}">JOKER</text>
      <path d="M30 32 L35 44 L48 45 L38 53 L41 66 L30 59 L19 66 L22 53 L12 45 L25 44 Z" fill="${color}"/>
      <text x="30" y="80" text-anchor="middle" font-size="9" fill="${color}">${id === 'J1' ? 'big' : 'little'}</text>
    </svg>`;
  }
  const suit = id[0];
  const rank = id.slice(1);
  const german = style === 'german';
  const color = (german ? GERMAN : FRENCH)[suit]?.color ?? '#111';
  const label = (german ? RANKS_GERMAN : RANKS_FRENCH)[rank] ?? rank;
  const mark = german
    ? `<g transform="translate(18 30) scale(1.2)">${germanMark(suit, color)}</g>`
    : `<text x="30" y="60" text-anchor="middle" font-size="34" fill="${color}">${FRENCH[suit]?.sym ?? '?'}</text>`;
  const small = german
    ? `<g transform="translate(4 20) scale(.45)">${germanMark(suit, color)}</g>`
    : `<text x="6" y="30" font-size="11" fill="${color}">${FRENCH[suit]?.sym ?? ''}</text>`;
  return `<svg viewBox="0 0 60 88" xmlns="${NS}" role="img" aria-label="${label} of ${(german ? GERMAN : FRENCH)[suit]?.name ?? suit}">
    <rect class="face" x="1" y="1" width="58" height="86" rx="6" fill="#fffdf6" stroke="#333"/>
    <text x="5" y="17" font-size="14" font-weight="700" fill="${color}">${label}</text>
    ${small}
    ${mark}
    <text x="55" y="82" font-size="14" font-weight="700" fill="${color}" text-anchor="end">${label}</text>
  </svg>`;
}

/** A card as a button (or a plain figure when `onClick` is missing). */
export function cardElement(id, { style, legal = false, selected = false, dim = false, onClick } = {}) {
  const el = document.createElement(onClick ? 'button' : 'span');
  el.className = 'card' + (legal ? ' legal' : '') + (selected ? ' selected' : '') + (dim ? ' dim' : '');
  el.dataset.card = id;
  el.innerHTML = cardSvg(id, style);
  if (onClick) {
    el.type = 'button';
    el.addEventListener('click', () => onClick(id));
  }
  return el;
}
