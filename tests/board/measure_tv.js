// What tests/board/test_board_tv.py measures in the page: font sizes of what the players read,
// the content's extent, overflow, the standings bars, the banner and the pawns' labels.
JSON.stringify((() => {
  const px = (el) => el ? parseFloat(getComputedStyle(el).fontSize) : 0;
  const shown = (el) => el.offsetParent !== null || getComputedStyle(el).position === 'fixed';
  const texts = [...document.querySelectorAll('body *')].filter((el) => shown(el)
    && [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim()));
  const over = [...document.querySelectorAll('main, main section, main aside, .team, .bar, .tile, #banner')]
    .filter((el) => shown(el) && (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1))
    .map((el) => `${el.id || el.className} ${el.scrollWidth}x${el.scrollHeight} in ${el.clientWidth}x${el.clientHeight}`);
  const boxes = [...document.querySelectorAll('header, main > *')].filter(shown)
    .map((el) => el.getBoundingClientRect());
  const bars = [...document.querySelectorAll('#track .bar')].map((bar) => ({
    team: bar.dataset.team, score: Number(bar.dataset.position),
    fill: bar.querySelector('.fill').getBoundingClientRect().width,
    lane: bar.querySelector('.lane').getBoundingClientRect().width,
    who: bar.querySelector('.who').getBoundingClientRect(), num: bar.querySelector('.score').getBoundingClientRect()}));
  return {
    height: innerHeight, width: innerWidth,
    scrollH: document.documentElement.scrollHeight, scrollW: document.documentElement.scrollWidth,
    top: Math.min(...boxes.map((b) => b.top)), bottom: Math.max(...boxes.map((b) => b.bottom)),
    question: shown(document.querySelector('#question')) ? px(document.querySelector('#question')) : null,
    scores: [...document.querySelectorAll('#teams .position, #track .bar .score')].filter(shown).map(px),
    countdown: px(document.querySelector('#countdown')), countdownText: document.querySelector('#countdown').textContent,
    smallest: Math.min(...texts.map(px)),
    smallestText: texts.sort((a, b) => px(a) - px(b))[0].textContent.slice(0, 40),
    over, bars,
    banner: document.getElementById('banner').dataset.team,
    pawns: [...document.querySelectorAll('.pawn')].map((p) => p.textContent),
  };
})())
