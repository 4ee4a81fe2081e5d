/* Space Bowl's rules for a web page: which destination cards a toss makes valid on a galaxy
   (with the black hole, rotation, torus, void and the Wild token), and the near misses. A
   third engine, written for play (spacebowl check never runs it); a browser test compares it
   with the Python engines (rules/reference.py) on thousands of random cases. Galaxies,
   tosses and variants are the JSON shapes of docs/formats.md. */
var SpaceBowlRules = (function () {
  "use strict";
  var TURNS = [0, 90, 180, 270];

  function parse(name) {  // "B3" → [row 2, col 1]
    return [parseInt(name.slice(1), 10) - 1, name.charCodeAt(0) - 65];
  }
  function name(r, c) { return String.fromCharCode(65 + c) + (r + 1); }
  /* A Ship Computer space turned ``turn`` degrees clockwise about the centre B2. */
  function turnSpace(p, turn) {
    var dr = p[0] - 1, dc = p[1] - 1;
    for (var i = 0; i < (turn / 90) % 4; i++) { var t = dr; dr = dc; dc = -t; }
    return [dr + 1, dc + 1];
  }
  /* Per space holding marbles: [space, required planets, prohibited planets]. */
  function demands(toss) {
    var by = {}, order = [];
    Object.keys(toss.marbles).forEach(function (planet) {
      var s = toss.marbles[planet];
      if (!(s in by)) { by[s] = [parse(s), [], []]; order.push(s); }
      by[s][s === toss.black_hole ? 2 : 1].push(planet);
    });
    return order.map(function (s) { return by[s]; });
  }
  /* How card (r, c) reads as destination under ``turn``: null (face down, or a marble's
     space off the galaxy), else [unmet demands, whether the Wild token was needed]. */
  function read(galaxy, toss, variants, r, c, turn) {
    var cards = galaxy.cards, rows = cards.length, cols = cards[0].length;
    if (cards[r][c] === null) { return null; }
    var td = turnSpace(parse(toss.destination), turn), wild = variants.wild ? parse(variants.wild) : null;
    var violations = 0, used = false, ds = demands(toss);
    for (var i = 0; i < ds.length; i++) {
      var ts = turnSpace(ds[i][0], turn);
      var rr = r + ts[0] - td[0], cc = c + ts[1] - td[1];
      if (variants.torus) { rr = ((rr % rows) + rows) % rows; cc = ((cc % cols) + cols) % cols; }
      else if (rr < 0 || rr >= rows || cc < 0 || cc >= cols) { return null; }
      var shown = cards[rr][cc] || "";
      var missing = ds[i][1].filter(function (p) { return shown.indexOf(p) < 0; }).length;
      if (wild && wild[0] === rr && wild[1] === cc && missing >= 1) { missing -= 1; used = true; }
      violations += missing + ds[i][2].filter(function (p) { return shown.indexOf(p) >= 0; }).length;
    }
    return [violations, used];
  }
  /* Every valid destination card (spacebowl solve --json's objects) and the near misses,
     row by row. */
  function analyse(galaxy, toss, variants) {
    var turns = variants.rotation ? TURNS : [0], solutions = [], near = [];
    var cards = galaxy.cards;
    for (var r = 0; r < cards.length; r++) {
      for (var c = 0; c < cards[r].length; c++) {
        var valid = [], wildEvery = true, close = false;
        turns.forEach(function (t) {
          var got = read(galaxy, toss, variants, r, c, t);
          if (got === null) { return; }
          if (got[0] === 0) { valid.push(t); wildEvery = wildEvery && got[1]; }
          else if (got[0] === 1) { close = true; }
        });
        if (valid.length) { solutions.push({cell: name(r, c), rotations: valid, wild: wildEvery}); }
        else if (close) { near.push(name(r, c)); }
      }
    }
    return {solutions: solutions, near_misses: near};
  }
  return {analyse: analyse, name: name, parse: parse};
})();
