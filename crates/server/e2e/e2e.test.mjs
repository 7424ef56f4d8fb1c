// End to end in a real headless Chromium: a person plays whole deals of the
// three games against bots by clicking; two browser contexts share a
// table; a reload resumes the seat. TRUMPF names the trumpf binary (its
// `serve` command is started); screenshots go to SHOTS (under target/).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const BIN = process.env.TRUMPF;
const SHOTS = process.env.SHOTS || join(tmpdir(), 'trumpf-shots');
mkdirSync(SHOTS, { recursive: true });
let server; let base; let browser;

before(async () => {
  assert.ok(BIN, 'TRUMPF names the trumpf binary');
  const dir = mkdtempSync(join(tmpdir(), 'trumpf-e2e-'));
  server = spawn(BIN, ['serve', '--port', '0', '--db', join(dir, 'e2e.db'), '--bot-pause-ms', '30'], { stdio: ['ignore', 'pipe', 'inherit'] });
  base = await new Promise((resolve, reject) => {
    server.stdout.on('data', (d) => { const m = String(d).match(/http:\/\/[^\s]+/); if (m) resolve(m[0].replace(/\/$/, '')); });
    server.on('exit', (code) => reject(new Error(`the server stopped: ${code}`)));
  });
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync'],
    // Playwright gives every launch a fresh, empty --user-data-dir of its own
    // (it refuses one passed in args).
  });
});

after(async () => { await browser?.close(); server?.kill(); });

const shot = (page, name) => page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });

async function openTable(page, game, name, seats) {
  await page.goto(base + '/');
  await page.fill('#name', name);
  await page.selectOption('#game', game);
  const kinds = page.locator('.seat-kind');
  for (let i = 0; i < seats.length; i++) await kinds.nth(i).selectOption(seats[i]);
  await shot(page, `${game}-lobby`);
  await page.click('#create');
  await page.waitForSelector('#hand-box');
}

/** One step of play by clicking, if this page may act; true if it clicked. */
async function step(page, memo) {
  if (await page.locator('#discard').count()) {
    const cards = page.locator('#hand .card');
    await cards.nth(0).click(); await cards.nth(1).click();
    await page.click('#discard');
    return true;
  }
  const legal = page.locator('#hand .card.legal, #dummy .card.legal');
  if (await page.locator('#actions:has-text("Your turn")').count() === 0) return false;
  const buttons = page.locator('button.act');
  const texts = await buttons.allTextContents();
  if (!memo.bid && await page.locator('button.bid').count()) {
    memo.bid = true; if (!memo.biddingShot) { memo.biddingShot = true; await shot(page, `${memo.game}-bidding`); }
    await page.locator('button.bid').first().click(); return true;
  }
  const hold = texts.findIndex((t) => t.startsWith('Hold'));
  if (!memo.bid && hold >= 0) {
    memo.bid = true; if (!memo.biddingShot) { memo.biddingShot = true; await shot(page, `${memo.game}-bidding`); }
    await buttons.nth(hold).click(); return true;
  }
  const prefer = texts.findIndex((t) => t === 'Take the skat');
  if (prefer >= 0) { await buttons.nth(prefer).click(); return true; }
  const pass = texts.findIndex((t) => t === 'Pass');
  if (pass >= 0 && (texts.some((t) => t.startsWith('Hold')) || memo.bid || memo.game !== 'skat')) { await buttons.nth(pass).click(); return true; }
  if (texts.length) { if (!memo.declShot) { memo.declShot = true; await shot(page, `${memo.game}-declaration`); } await buttons.first().click(); return true; }
  if (await legal.count()) {
    if (!memo.playShot) { memo.playShot = true; await shot(page, `${memo.game}-play`); }
    await legal.first().click(); return true;
  }
  return false;
}

/** Plays by clicking until a deal with cards played is over. */
async function playDeal(pages, game) {
  const memos = pages.map(() => ({ game }));
  for (let i = 0; i < 2000; i++) {
    if (await pages[0].locator('#result').count()) {
      const thrownIn = (await pages[0].locator('#result').textContent()).includes('thrown in');
      if (!thrownIn) return;
      await pages[0].click('#next');
      await pages[0].waitForSelector('#result', { state: 'detached' });
      memos.forEach((m) => { m.bid = false; });
      continue;
    }
    let clicked = false;
    for (let p = 0; p < pages.length; p++) clicked = (await step(pages[p], memos[p])) || clicked;
    await pages[0].waitForTimeout(clicked ? 60 : 120);
  }
  assert.fail('the deal did not end');
}

for (const [game, seats] of [
  ['skat', ['me', 'bot:heuristic', 'bot:heuristic']],
  ['spitzer', ['me', 'bot:heuristic', 'bot:heuristic', 'bot:heuristic']],
  ['spidge', ['me', 'bot:heuristic', 'bot:heuristic']],
]) {
  test(`a person plays a whole ${game} deal against bots by clicking`, async () => {
    const context = await browser.newContext({ viewport: { width: 1100, height: 900 } });
    const page = await context.newPage();
    await openTable(page, game, 'Ann', seats);
    await playDeal([page], game);
    await page.waitForSelector('#result');
    assert.ok(await page.locator('#result .rows > *').count() > 0, 'the result is itemised');
    assert.ok(await page.locator('#sheet tr').count() >= 3, 'the sheet has the deal and the totals');
    await shot(page, `${game}-result`);
    await page.click('#analysis');
    await page.waitForSelector('#analysis-text', { timeout: 60000 });
    await shot(page, `${game}-analysis`);
    await context.close();
  });
}

test('two browser contexts play at one table, and a reload resumes the seat', async () => {
  const a = await browser.newContext({ viewport: { width: 1100, height: 900 } });
  const b = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const pa = await a.newPage(); const pb = await b.newPage();
  await openTable(pa, 'skat', 'Ann', ['me', 'person', 'bot:heuristic']);
  const invite = await pa.locator('#invites input').first().inputValue();
  assert.match(invite, /\?seat=[0-9a-f]{32}$/);
  await pb.goto(base + '/');
  await pb.fill('#name', 'Bob');
  await pb.locator('#name').dispatchEvent('change');
  await pb.goto(invite);
  await pb.waitForSelector('#hand-box');
  await pa.waitForSelector('.seat .who:has-text("Bob")');
  await shot(pb, 'two-contexts-phone');
  // A reload resumes Bob's seat with the same cards.
  const before = await pb.locator('#hand .card').evaluateAll((cards) => cards.map((c) => c.dataset.card).join(' '));
  await pb.reload();
  await pb.waitForSelector('#hand .card');
  const afterReload = await pb.locator('#hand .card').evaluateAll((cards) => cards.map((c) => c.dataset.card).join(' '));
  assert.equal(afterReload, before);
  assert.ok(await pb.locator('.seat .who:has-text("Bob (you)")').count() === 1, 'the reload sits Bob in his seat');
  await playDeal([pa, pb], 'skat');
  await shot(pa, 'two-contexts-result');
  await a.close(); await b.close();
});
