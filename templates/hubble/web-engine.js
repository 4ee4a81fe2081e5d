/* Hubble's rules for a web page: the pad's geometry, the legal answers to a roll, a turn's
   legality with its reason, and the exact score (galaxies, planets, asteroids, comets, the
   best choice of constellations). A third engine, written for play (spacebowl check never
   runs it); a browser test compares it with the Python engine (rules/legality.py,
   solve/moves.py, rules/scoring.py) on thousands of positions. Plain JavaScript.
   Turns are play.json's: {"place": {"C4": "G", ...}} or {"fog": {"C4": "G"}} / {"fog": {}}. */
var HubbleRules = (function () {
  "use strict";
  var QUADRANTS = ["red", "blue", "yellow", "green"];
  var ICONS = "GPACS.", DRAWN = "GPACS", BLANK = ".";
  var STEPS = [[1, 0], [-1, 0], [0, 1], [0, -1], [1, -1], [-1, 1]];
  var COMET_POINTS = [0, 0, 4, 7, 11, 15];
  var TITLE_FLOORS = [0, 69, 76, 84, 92, 100];
  var MAX_FOG = 3;

  function num(a, b) { return a - b; }
  function adjacent(a, b) {
    var s = [a, b].sort(num).join("");
    return s === "01" || s === "23" || s === "02" || s === "13";
  }

  /* The geometry of a cols × rows pad (model/geometry.py). */
  function geometry(cols, rows) {
    var n = cols * rows, names = [], axial = [], at = {}, quadrant = [], i;
    for (i = 0; i < n; i++) {
      var r = Math.floor(i / cols), c = i % cols;
      names.push(String.fromCharCode(65 + c) + (r + 1));
      axial.push([c - (r - r % 2) / 2, r]);
      at[axial[i][0] + "," + r] = i;
      quadrant.push((r >= rows / 2 ? 2 : 0) + (c >= cols / 2 ? 1 : 0));
    }
    var neighbours = axial.map(function (a) {
      var out = [];
      STEPS.forEach(function (s) {
        var k = at[(a[0] + s[0]) + "," + (a[1] + s[1])];
        if (k !== undefined) { out.push(k); }
      });
      return out.sort(num);
    });
    var seen = {}, triangles = [];
    axial.forEach(function (a) {
      [[[0, 0], [1, 0], [0, 1]], [[0, 0], [-1, 1], [0, 1]]].forEach(function (shape) {
        var cells = shape.map(function (d) { return at[(a[0] + d[0]) + "," + (a[1] + d[1])]; });
        if (cells.every(function (x) { return x !== undefined; })) {
          cells.sort(num);
          if (!seen[cells.join(",")]) { seen[cells.join(",")] = true; triangles.push(cells); }
        }
      });
    });
    triangles.sort(function (x, y) { return x[0] - y[0] || x[1] - y[1] || x[2] - y[2]; });
    var lines = [];
    [function (q, r) { return r; }, function (q) { return q; },
     function (q, r) { return -q - r; }].forEach(function (key) {
      var groups = {};
      axial.forEach(function (a, k) {
        var g = key(a[0], a[1]);
        (groups[g] = groups[g] || []).push(k);
      });
      Object.keys(groups).map(Number).sort(num).forEach(function (g) {
        if (groups[g].length >= 2) { lines.push(groups[g]); }
      });
    });
    var index = {};
    names.forEach(function (nm, k) { index[nm] = k; });
    return {cols: cols, rows: rows, size: n, names: names, index: index, axial: axial, at: at,
            neighbours: neighbours, quadrant: quadrant, triangles: triangles, lines: lines};
  }

  function quadrantsOf(geo, cells) {
    var qs = {};
    cells.forEach(function (c) { qs[geo.quadrant[c]] = true; });
    return Object.keys(qs).map(Number).sort(num);
  }
  /* Whether a triangle may take a Scope rolled in quadrants a and b. */
  function fits(geo, tri, a, b) {
    var qs = quadrantsOf(geo, tri);
    if (qs.length === 1) { return qs[0] === a || qs[0] === b; }
    return qs.length === 2 && qs.indexOf(a) >= 0 && qs.indexOf(b) >= 0 && adjacent(a, b);
  }
  function quadrantNumbers(roll) { return roll.quadrants.map(function (q) { return QUADRANTS.indexOf(q); }); }

  function permutations(xs) {  // itertools.permutations' order
    if (xs.length <= 1) { return [xs.slice()]; }
    var out = [];
    xs.forEach(function (x, i) {
      permutations(xs.slice(0, i).concat(xs.slice(i + 1))).forEach(function (p) {
        out.push([x].concat(p));
      });
    });
    return out;
  }
  function fogIcons(roll) {
    if (roll.third === null) { return DRAWN; }
    var out = "";
    roll.icons.concat([roll.third]).forEach(function (i) {
      if (i !== BLANK && out.indexOf(i) < 0) { out += i; }
    });
    return out;
  }

  /* Every legal turn for ``roll`` on ``cells`` (an array of GPACS. characters), in
     solve/moves.py's order: placements, the one-icon fogs, then the fog that draws nothing. */
  function legal(geo, cells, roll) {
    var qn = quadrantNumbers(roll), out = [];
    var thirds = roll.third === null ? ICONS : roll.third;
    geo.triangles.forEach(function (tri) {
      if (!fits(geo, tri, qn[0], qn[1])) { return; }
      var seen = {};
      for (var t = 0; t < thirds.length; t++) {
        permutations([roll.icons[0], roll.icons[1], thirds[t]]).forEach(function (perm) {
          var ok = perm.every(function (icon, k) { return icon === BLANK || cells[tri[k]] === BLANK; });
          var key = perm.join("");
          if (ok && !seen[key]) {
            seen[key] = true;
            var place = {};
            tri.forEach(function (c, k) { place[geo.names[c]] = perm[k]; });
            out.push({place: place});
          }
        });
      }
    });
    var icons = fogIcons(roll);
    for (var c = 0; c < geo.size; c++) {
      if (cells[c] !== BLANK || qn.indexOf(geo.quadrant[c]) < 0) { continue; }
      for (var k = 0; k < icons.length; k++) {
        var f = {};
        f[geo.names[c]] = icons[k];
        out.push({fog: f});
      }
    }
    out.push({fog: {}});
    return out;
  }

  function scopeMatches(icons, roll) {
    if (icons.length !== 3) { return false; }
    var rest = icons.slice();
    for (var i = 0; i < 2; i++) {
      var k = rest.indexOf(roll.icons[i]);
      if (k < 0) { return false; }
      rest.splice(k, 1);
    }
    return roll.third === null || rest[0] === roll.third;
  }

  /* Why ``turn`` may not answer ``roll`` on ``cells`` (null when it may): legality.py's
     reasons, in the words W. */
  function problem(geo, cells, roll, turn, W) {
    var qn = quadrantNumbers(roll);
    var rolled = roll.quadrants.map(function (q) { return W[q]; }).join(", ");
    function fmt(t, o) { return t.replace(/\{(\w+)\}/g, function (m, k) { return o[k]; }); }
    if (!turn || typeof turn !== "object") { return W.not_turn; }
    if ("place" in turn) {
      var names = Object.keys(turn.place);
      if (names.length !== 3) { return W.three_cells; }
      var where = [];
      for (var i = 0; i < 3; i++) {
        if (!(names[i] in geo.index)) { return fmt(W.no_cell, {cell: names[i]}); }
        where.push(geo.index[names[i]]);
        if (ICONS.indexOf(turn.place[names[i]]) < 0 || turn.place[names[i]].length !== 1) {
          return fmt(W.bad_icon, {cell: names[i]});
        }
      }
      var sorted = where.slice().sort(num);
      var shown = names.join(", ");
      if (!geo.triangles.some(function (t) { return t.join() === sorted.join(); })) {
        return fmt(W.not_triangle, {cells: shown});
      }
      if (!fits(geo, where, qn[0], qn[1])) {
        return fmt(W.wrong_quadrant, {cells: shown, rolled: rolled,
                                      got: quadrantsOf(geo, where).map(function (q) {
                                        return W[QUADRANTS[q]]; }).join(", ")});
      }
      var icons = names.map(function (nm) { return turn.place[nm]; });
      if (!scopeMatches(icons, roll)) {
        return fmt(W.not_scope, {icons: icons.join(" "), scope: roll.icons.join(" ") + " + " +
                                 (roll.third === null ? W.any_icon : roll.third)});
      }
      for (i = 0; i < 3; i++) {
        if (icons[i] !== BLANK && cells[where[i]] !== BLANK) {
          return fmt(W.occupied, {cell: names[i], has: cells[where[i]], icon: icons[i]});
        }
      }
      return null;
    }
    if (!("fog" in turn)) { return W.not_turn; }
    var fog = Object.keys(turn.fog);
    if (!fog.length) { return null; }
    if (fog.length !== 1) { return W.fog_one; }
    var cell = geo.index[fog[0]], icon = turn.fog[fog[0]];
    if (cell === undefined) { return fmt(W.no_cell, {cell: fog[0]}); }
    if (DRAWN.indexOf(icon) < 0 || icon.length !== 1) { return W.fog_one; }
    if (roll.third !== null && roll.icons.concat([roll.third]).indexOf(icon) < 0) {
      return fmt(W.fog_not_scope, {icon: icon});
    }
    if (qn.indexOf(geo.quadrant[cell]) < 0) {
      return fmt(W.fog_quadrant, {cell: fog[0], rolled: rolled});
    }
    if (cells[cell] !== BLANK) { return fmt(W.fog_occupied, {cell: fog[0], has: cells[cell]}); }
    return null;
  }

  function apply(geo, cells, turn) {
    var next = cells.slice(), body = turn.place || turn.fog;
    Object.keys(body).forEach(function (nm) {
      if (body[nm] !== BLANK) { next[geo.index[nm]] = body[nm]; }
    });
    return next;
  }

  // ---- scoring (rules/scoring.py, asteroids.py, stars.py) ---------------------------------
  function galaxy(geo, cells) {
    var counts = [0, 0, 0, 0];
    cells.forEach(function (ch, i) { if (ch === "G") { counts[geo.quadrant[i]] += 1; } });
    return 11 * Math.min.apply(null, counts);
  }
  function planet(geo, cells) {
    var total = 0;
    geo.lines.forEach(function (line) {
      var k = line.filter(function (c) { return cells[c] === "P"; }).length;
      if (k >= 2) { total += k; }
    });
    return total;
  }
  function comet(geo, cells) {
    var seen = {}, total = 0;
    cells.forEach(function (ch, start) {
      if (ch !== "C" || seen[start]) { return; }
      seen[start] = true;
      var size = 0, stack = [start];
      while (stack.length) {
        var c = stack.pop();
        size += 1;
        geo.neighbours[c].forEach(function (n) {
          if (cells[n] === "C" && !seen[n]) { seen[n] = true; stack.push(n); }
        });
      }
      total += size < COMET_POINTS.length ? COMET_POINTS[size] : 15 + 5 * (size - 5);
    });
    return total;
  }
  /* The largest number of all-asteroid triangles sharing no cell (exact search). */
  function asteroid(geo, cells) {
    var tris = geo.triangles.filter(function (t) {
      return t.every(function (c) { return cells[c] === "A"; });
    });
    var used = new Uint8Array(geo.size), best = 0;
    function search(i, count) {
      if (count > best) { best = count; }
      if (i === tris.length || count + (tris.length - i) <= best) { return; }
      var t = tris[i];
      if (!used[t[0]] && !used[t[1]] && !used[t[2]]) {
        used[t[0]] = used[t[1]] = used[t[2]] = 1;
        search(i + 1, count + 1);
        used[t[0]] = used[t[1]] = used[t[2]] = 0;
      }
      search(i + 1, count);
    }
    search(0, 0);
    return 8 * best;
  }

  function turn60(p, k) {
    var q = p[0], r = p[1];
    for (var i = 0; i < ((k % 6) + 6) % 6; i++) { var t = q; q = -r; r = t + r; }
    return [q, r];
  }
  var placementCache = {};
  /* Every placement of a card (stars.placements' order, symmetric repeats left out). */
  function placements(geo, card) {
    var key = geo.cols + "x" + geo.rows + ":" + JSON.stringify(card);
    if (placementCache[key]) { return placementCache[key]; }
    var out = [], seen = {};
    for (var anchor = 0; anchor < geo.size; anchor++) {
      var a = geo.axial[anchor];
      for (var k = 0; k < 6; k++) {
        var red = card.red.map(function (p) { return turn60(p, k); });
        var purple = card.purple.map(function (p) { return turn60(p, k); });
        var dq = a[0] - red[0][0], dr = a[1] - red[0][1];
        var cellAt = function (p) {
          var c = geo.at[(p[0] + dq) + "," + (p[1] + dr)];
          return c === undefined ? null : c;
        };
        var redCells = red.map(cellAt);
        if (redCells.some(function (c) { return c === null; })) { continue; }
        var purpleCells = purple.map(cellAt);
        var id = redCells.slice().sort(num).join(",") + "|" +
                 purpleCells.filter(function (c) { return c !== null; }).sort(num).join(",");
        if (seen[id]) { continue; }
        seen[id] = true;
        out.push({turn: k, red: redCells, purple: purpleCells});
      }
    }
    placementCache[key] = out;
    return out;
  }
  /* The stars score and the completed cards of the best choice, the first optimum in
     stars.best's order (cards in order, each card's options richest first, none last). */
  function stars(geo, cells, cards) {
    var options = cards.map(function (card) {
      var opts = [];
      placements(geo, card).forEach(function (p) {
        if (!p.red.every(function (c) { return cells[c] === "S"; })) { return; }
        var extra = p.purple.filter(function (c) { return c !== null && cells[c] === "S"; });
        opts.push({points: card.value + card.bonus * extra.length, cells: p.red.concat(extra),
                   red: p.red, purple: extra});
      });
      return opts.map(function (o, i) { return [o, i]; }).sort(function (x, y) {
        return y[0].points - x[0].points || x[1] - y[1];
      }).map(function (x) { return x[0]; });
    });
    if (!options.some(function (o) { return o.length; })) { return {total: 0, chosen: []}; }
    var ceiling = options.map(function (o) {
      return o.reduce(function (m, x) { return Math.max(m, x.points); }, 0);
    });
    var rest = [];
    for (var j = 0; j <= cards.length; j++) {
      rest.push(ceiling.slice(j).reduce(function (s, x) { return s + x; }, 0));
    }
    var used = new Uint8Array(geo.size), bestTotal = -1, bestPick = [], pick = [];
    function search(j, total) {
      if (j === cards.length) {
        if (total > bestTotal) { bestTotal = total; bestPick = pick.slice(); }
        return;
      }
      if (total + rest[j] <= bestTotal) { return; }
      options[j].forEach(function (o, i) {
        if (o.cells.some(function (c) { return used[c]; })) { return; }
        o.cells.forEach(function (c) { used[c] = 1; });
        pick.push(i); search(j + 1, total + o.points); pick.pop();
        o.cells.forEach(function (c) { used[c] = 0; });
      });
      pick.push(-1); search(j + 1, total); pick.pop();
    }
    search(0, 0);
    var chosen = [];
    bestPick.forEach(function (i, j) {
      if (i >= 0) { chosen.push({card: j, option: options[j][i]}); }
    });
    return {total: bestTotal, chosen: chosen};
  }

  /* The score object `hubble score --json` prints (docs/hubble.md). */
  function score(geo, cells, cards) {
    var st = stars(geo, cells, cards);
    var out = {galaxy: galaxy(geo, cells), planet: planet(geo, cells),
               asteroid: asteroid(geo, cells), comet: comet(geo, cells), stars: st.total};
    out.total = out.galaxy + out.planet + out.asteroid + out.comet + out.stars;
    out.constellations = st.chosen.map(function (c) {
      return {name: cards[c.card].name, points: c.option.points,
              red: c.option.red.map(function (x) { return geo.names[x]; }),
              purple: c.option.purple.map(function (x) { return geo.names[x]; })};
    });
    return out;
  }

  function titleBand(total) {
    var band = 0;
    TITLE_FLOORS.forEach(function (floor, i) { if (total >= floor) { band = i; } });
    return band;
  }

  return {QUADRANTS: QUADRANTS, MAX_FOG: MAX_FOG, geometry: geometry, legal: legal,
          problem: problem, apply: apply, score: score, titleBand: titleBand,
          fits: fits, quadrantNumbers: quadrantNumbers, fogIcons: fogIcons};
})();
