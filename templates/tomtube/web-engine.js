/* Tom Tube's rules for a web page: the board, the tube network of a position, the legal
   moves of the player to move and the position after a move. A third engine, written for
   play (spacebowl check never runs it); a browser test compares it with the Python engine
   (rules/network.py, rules/play.py) on thousands of positions. Plain JavaScript, no network.
   Positions and moves are the JSON shapes of docs/tomtube.md (position.json, MOVE.json). */
var TomTubeRules = (function () {
  "use strict";
  var ROWS = "ABCDEFGHI", SIDE = 4, SQRT3 = Math.sqrt(3);
  var STEPS = [[1, 0], [-1, 0], [0, 1], [0, -1], [1, -1], [-1, 1]];
  var MODULES = {A3: ["tom", "base"], I3: ["dave", "base"], G1: ["tom", "solar"],
                 G7: ["tom", "solar"], C1: ["dave", "solar"], C7: ["dave", "solar"]};
  var BASES = {tom: "A3", dave: "I3"};
  var BLOCKED = 0, KNOT = 1, MODULE = 2, ENERGY = 3, FORK = 4, TRI = 5;
  var BIT = {tom: 1, dave: 2, neutral: 4}, ALL = 7;
  var HELD = ["energy", "control", "alien", "solar"];

  function other(p) { return p === "tom" ? "dave" : "tom"; }
  function byName(a, b) { return a < b ? -1 : a > b ? 1 : 0; }
  function join(names) { return names.slice().sort(byName).join("-"); }

  // ---- the board (model/board.py) ---------------------------------------------------------
  var B = (function () {
    var knots = [], at = {}, i, j, k;
    for (var y = -SIDE; y <= SIDE; y++) {
      for (var x = -SIDE; x <= SIDE; x++) {
        if (Math.max(Math.abs(x), Math.abs(y), Math.abs(x + y)) > SIDE) { continue; }
        var xmin = Math.max(-SIDE, -SIDE - y);
        knots.push({index: knots.length, name: ROWS[y + SIDE] + (x - xmin + 1), x: x, y: y,
                    rim: Math.max(Math.abs(x), Math.abs(y), Math.abs(x + y)) === SIDE});
        at[x + "," + y] = knots.length - 1;
      }
    }
    var knotIndex = {};
    knots.forEach(function (kn) { knotIndex[kn.name] = kn.index; });
    var neighbours = knots.map(function (kn) {
      var out = [];
      STEPS.forEach(function (s) {
        var n = at[(kn.x + s[0]) + "," + (kn.y + s[1])];
        if (n !== undefined) { out.push(n); }
      });
      return out.sort(function (a, b) { return a - b; });
    });
    var triSet = {}, tris = [];
    for (i = 0; i < knots.length; i++) {
      neighbours[i].forEach(function (n) {
        neighbours[n].forEach(function (m) {
          if (neighbours[i].indexOf(m) >= 0) {
            var t = [i, n, m].sort(function (a, b) { return a - b; });
            if (!triSet[t.join(",")]) { triSet[t.join(",")] = true; tris.push(t); }
          }
        });
      });
    }
    tris.sort(function (a, b) { return a[0] - b[0] || a[1] - b[1] || a[2] - b[2]; });
    var triangles = tris.map(function (t, n) {
      return {index: n, knots: t, name: join(t.map(function (q) { return knots[q].name; }))};
    });
    var triangleIndex = {};
    triangles.forEach(function (t) { triangleIndex[t.name] = t.index; });
    var pairs = [];
    for (i = 0; i < knots.length; i++) {
      for (j = 0; j < neighbours[i].length; j++) {
        if (neighbours[i][j] > i) { pairs.push([i, neighbours[i][j]]); }
      }
    }
    pairs.sort(function (a, b) { return a[0] - b[0] || a[1] - b[1]; });
    var edges = pairs.map(function (p, n) {
      return {index: n, knots: p, name: join([knots[p[0]].name, knots[p[1]].name]),
              triangles: triangles.filter(function (t) {
                return t.knots.indexOf(p[0]) >= 0 && t.knots.indexOf(p[1]) >= 0;
              }).map(function (t) { return t.index; })};
    });
    var edgeIndex = {};
    edges.forEach(function (e) { edgeIndex[e.name] = e.index; });
    var knotTriangles = knots.map(function (kn) {
      return triangles.filter(function (t) { return t.knots.indexOf(kn.index) >= 0; })
                      .map(function (t) { return t.index; });
    });
    var modules = [], moduleTriangles = {}, nextToModule = {};
    Object.keys(MODULES).forEach(function (name) {
      var ki = knotIndex[name];
      modules.push({knot: ki, name: name, owner: MODULES[name][0], kind: MODULES[name][1],
                    triangles: knotTriangles[ki],
                    tubesTo: neighbours[ki].filter(function (n) { return !knots[n].rim; })});
    });
    modules.sort(function (a, b) { return a.knot - b.knot; });
    modules.forEach(function (m) {
      m.triangles.forEach(function (t) { moduleTriangles[t] = true; });
      neighbours[m.knot].forEach(function (n) { nextToModule[n] = true; });
    });
    var rhombs = [], positionIndex = {};
    edges.forEach(function (e) {
      if (e.triangles.length !== 2 || moduleTriangles[e.triangles[0]] ||
          moduleTriangles[e.triangles[1]]) { return; }
      var sharp = e.triangles.map(function (t) {
        return triangles[t].knots.filter(function (q) { return e.knots.indexOf(q) < 0; })[0];
      }).sort(function (a, b) { return a - b; });
      positionIndex[e.name] = rhombs.length;
      rhombs.push({index: rhombs.length, name: e.name, edge: e.index, blunt: e.knots,
                   sharp: sharp, triangles: e.triangles});
    });
    var insideKnots = knots.filter(function (q) { return !q.rim; }).map(function (q) {
      return q.index;
    });
    return {knots: knots, knotIndex: knotIndex, neighbours: neighbours, triangles: triangles,
            triangleIndex: triangleIndex, edges: edges, edgeIndex: edgeIndex,
            knotTriangles: knotTriangles, modules: modules, moduleTriangles: moduleTriangles,
            nextToModule: nextToModule, rhombs: rhombs, positionIndex: positionIndex,
            insideKnots: insideKnots};
  })();

  function knotXY(k) { var q = B.knots[k]; return [q.x + q.y / 2, q.y * SQRT3 / 2]; }
  function mid(a, b) { return [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2]; }
  function edgeXY(e) { var ks = B.edges[e].knots; return mid(knotXY(ks[0]), knotXY(ks[1])); }
  function triangleXY(t) {
    var p = B.triangles[t].knots.map(knotXY);
    return [(p[0][0] + p[1][0] + p[2][0]) / 3, (p[0][1] + p[1][1] + p[2][1]) / 3];
  }
  /* The nearest of the 12 directions (30° steps counter-clockwise as seen, y down). */
  function direction(p, q) {
    var d = Math.round(Math.atan2(-(q[1] - p[1]), q[0] - p[0]) * 180 / Math.PI / 30);
    return ((d % 12) + 12) % 12;
  }
  /* Where a node name lies in board coordinates: a knot, a rhomb centre, a triangle centre. */
  function pointOf(name) {
    if (name in B.knotIndex) { return knotXY(B.knotIndex[name]); }
    if (name in B.positionIndex) { return edgeXY(B.rhombs[B.positionIndex[name]].edge); }
    if (name in B.edgeIndex) { return edgeXY(B.edgeIndex[name]); }
    return triangleXY(B.triangleIndex[name]);
  }
  /* The corners (s1, b1, s2, b2) of rhomb position p with the tile's s1 on knot s1. */
  function corners(p, s1) {
    var rp = B.rhombs[p];
    var s2 = rp.sharp[0] === s1 ? rp.sharp[1] : rp.sharp[0];
    var c = edgeXY(rp.edge), a = knotXY(s1), b = knotXY(rp.blunt[0]);
    var cross = (a[0] - c[0]) * (b[1] - c[1]) - (a[1] - c[1]) * (b[0] - c[0]);
    return cross < 0 ? [s1, rp.blunt[0], s2, rp.blunt[1]] : [s1, rp.blunt[1], s2, rp.blunt[0]];
  }

  // ---- the tube network (rules/network.py) -------------------------------------------------
  function coverage(pos) {
    var cov = {};
    pos.rhombs.forEach(function (r) {
      B.rhombs[B.positionIndex[r.at]].triangles.forEach(function (t) { cov[t] = r.at; });
    });
    pos.triangles.forEach(function (t) { cov[B.triangleIndex[t.at]] = t.at; });
    return cov;
  }

  function build(pos, tiles) {
    var cov = coverage(pos), nk = B.knots.length;
    var net = {kinds: [], names: [], ports: [], ends: [], colour: [], nodeOf: {}, inner: {},
               points: []};
    B.knots.forEach(function (q) {
      net.kinds.push(BLOCKED); net.names.push(q.name); net.ports.push({});
      net.points.push(knotXY(q.index));
    });
    B.insideKnots.forEach(function (k) {
      if (B.knotTriangles[k].every(function (t) { return t in cov || B.moduleTriangles[t]; })) {
        net.kinds[k] = KNOT;
      }
    });
    pos.rhombs.forEach(function (r) { net.inner[B.rhombs[B.positionIndex[r.at]].edge] = true; });
    function segment(a, da, b, db, colour) {
      var s = net.ends.length;
      net.ends.push([a, da, b, db]); net.colour.push(BIT[colour]);
      net.ports[a][da] = s; net.ports[b][db] = s;
    }
    function centre(kind, name, xy) {
      net.kinds.push(kind); net.names.push(name); net.ports.push({}); net.points.push(xy);
      return net.kinds.length - 1;
    }
    B.modules.forEach(function (m) {
      net.kinds[m.knot] = MODULE;
      m.tubesTo.forEach(function (n) {
        var e = B.edgeIndex[join([B.knots[m.knot].name, B.knots[n].name])], c = edgeXY(e);
        segment(m.knot, direction(knotXY(m.knot), c), n, direction(knotXY(n), c), "neutral");
      });
    });
    pos.rhombs.forEach(function (r) {
      var tile = tiles[r.id], p = B.positionIndex[r.at], rp = B.rhombs[p];
      var c = edgeXY(rp.edge);
      var node = centre(tile.cross ? ENERGY : FORK, r.at, c);
      var cs = corners(p, B.knotIndex[r.s1]);
      cs.forEach(function (k, i) {
        var colour = tile.corners[i];
        if (!colour) { return; }
        segment(k, direction(knotXY(k), c), node, direction(c, knotXY(k)), colour);
      });
    });
    pos.triangles.forEach(function (tr) {
      if (!tr.tube) { return; }
      var t = B.triangleIndex[tr.at], c = triangleXY(t);
      var node = centre(TRI, tr.at, c);
      tr.tube.forEach(function (kn) {
        var k = B.knotIndex[kn];
        segment(k, direction(knotXY(k), c), node, direction(c, knotXY(k)), tr.owner);
      });
    });
    net.names.forEach(function (n, i) {
      if (net.kinds[i] === KNOT || net.kinds[i] === MODULE || net.kinds[i] === ENERGY) {
        net.nodeOf[n] = i;
      }
    });
    flow(net, nk);
    return net;
  }

  /* Directed segments d = 2·s + o (o 0: first end to second, 1: back), as _flow builds them. */
  function flow(net) {
    var ends = net.ends, nd = 2 * ends.length, s, o;
    net.arrive = []; net.cont = []; net.ahead = []; net.dcolour = [];
    net.leave = net.kinds.map(function () { return []; });
    for (s = 0; s < ends.length; s++) {
      net.leave[ends[s][0]].push(2 * s); net.leave[ends[s][2]].push(2 * s + 1);
    }
    for (s = 0; s < ends.length; s++) {
      var e = ends[s];
      for (o = 0; o < 2; o++) {
        var d = 2 * s + o, node = o ? e[0] : e[2], arr = o ? e[1] : e[3];
        net.arrive[d] = node; net.dcolour[d] = net.colour[s]; net.ahead[d] = -1;
        net.cont[d] = [];
        if (net.kinds[node] === FORK || net.kinds[node] === TRI) {
          net.cont[d] = net.leave[node].filter(function (x) { return (x >> 1) !== s; });
        } else {
          var straight = net.ports[node][(arr + 6) % 12];
          if (straight !== undefined) {
            net.ahead[d] = 2 * straight + (ends[straight][0] === node ? 0 : 1);
          }
        }
      }
    }
    return nd;
  }

  /* Where a drift may end: node → the directed segment it was first reached by; parents
     let the page draw the route. */
  function drift(net, start, player, colours, blocked, counters) {
    var seen = {}, parent = {}, out = {}, todo = [];
    net.leave[start].forEach(function (d) {
      if (net.dcolour[d] & colours) { seen[d] = true; parent[d] = -1; todo.push(d); }
    });
    while (todo.length) {
      var d = todo.shift(), node = net.arrive[d], kind = net.kinds[node];
      if (kind === BLOCKED || blocked[node]) { continue; }
      var next = [];
      if (kind >= FORK) {
        next = net.cont[d];
      } else {
        if (kind === MODULE && MODULES[net.names[node]][0] !== player) { continue; }
        if (node !== start && !(node in out)) { out[node] = d; }
        if (counters[node]) { continue; }
        if (net.ahead[d] >= 0) { next = [net.ahead[d]]; }
      }
      next.forEach(function (d2) {
        if (!seen[d2] && (net.dcolour[d2] & colours)) {
          seen[d2] = true; parent[d2] = d; todo.push(d2);
        }
      });
    }
    return {targets: out, parent: parent};
  }

  function jumps(net, start, blocked) {
    var out = [];
    if (start >= B.knots.length || net.kinds[start] !== KNOT) { return out; }
    B.neighbours[start].forEach(function (n) {
      var e = B.edgeIndex[join([B.knots[start].name, B.knots[n].name])];
      if (net.kinds[n] === KNOT && !net.inner[e] && !blocked[n]) { out.push(n); }
    });
    return out;
  }

  function canPay(pos, player, kind) {
    var held = pos.astronauts[player].held;
    if ((held[kind] || 0) >= 1) { return true; }
    return (held.alien || 0) >= 1 && pos.stock.control >= 1 && pos.stock.energy >= 2;
  }

  function setting(pos, net) {
    var player = pos.to_move, them = pos.astronauts[other(player)].at;
    var blocked = {}, counters = {};
    if (them in net.nodeOf) { blocked[net.nodeOf[them]] = true; }
    Object.keys(pos.counters).forEach(function (n) {
      if (n in net.nodeOf) { counters[net.nodeOf[n]] = true; }
    });
    return {player: player, start: net.nodeOf[pos.astronauts[player].at], blocked: blocked,
            counters: counters};
  }

  /* The moves of the player to move, in rules/network.py's order: free drifts, drifts
     paying control, jumps paying energy, each by destination name. */
  function legalMoves(pos, net) {
    var st = setting(pos, net), moves = [];
    if (st.start === undefined) { return moves; }
    function names(targets) {
      return Object.keys(targets).map(function (n) { return net.names[n]; }).sort(byName);
    }
    var free = BIT[st.player] | BIT.neutral;
    names(drift(net, st.start, st.player, free, st.blocked, st.counters).targets)
      .forEach(function (n) { moves.push({kind: "drift", to: n, pay: null}); });
    if (canPay(pos, st.player, "control")) {
      names(drift(net, st.start, st.player, ALL, st.blocked, st.counters).targets)
        .forEach(function (n) { moves.push({kind: "drift", to: n, pay: "control"}); });
    }
    if (canPay(pos, st.player, "energy")) {
      jumps(net, st.start, st.blocked).map(function (n) { return net.names[n]; }).sort(byName)
        .forEach(function (n) { moves.push({kind: "jump", to: n, pay: "energy"}); });
    }
    return moves;
  }

  /* The points a move passes, in board coordinates (a jump: its two knots). */
  function route(pos, net, mv) {
    var st = setting(pos, net), to = net.nodeOf[mv.to];
    if (mv.kind === "jump") { return [net.points[st.start], net.points[to]]; }
    var colours = mv.pay ? ALL : BIT[st.player] | BIT.neutral;
    var found = drift(net, st.start, st.player, colours, st.blocked, st.counters);
    var d = found.targets[to], pts = [];
    while (d !== undefined && d >= 0) {
      pts.unshift(net.points[net.arrive[d]]);
      d = found.parent[d];
    }
    pts.unshift(net.points[st.start]);
    return pts;
  }

  function copy(pos) { return JSON.parse(JSON.stringify(pos)); }

  function exchange(pos, player, count, where, reason) {
    var held = pos.astronauts[player].held, stock = pos.stock;
    for (var i = 0; i < count; i++) {
      if ((held.alien || 0) < 1) { throw new Error(reason.noAlien + " (" + where + ")"); }
      if (stock.control < 1 || stock.energy < 2) { throw new Error(reason.stock + " (" + where + ")"); }
      held.alien -= 1; stock.alien += 1; held.control += 1; held.energy += 2;
      stock.control -= 1; stock.energy -= 2;
    }
  }

  /* Why ``mv`` is refused in ``pos`` (null when it is legal), in the words W. */
  function problem(pos, net, mv, W) {
    var legal = legalMoves(pos, net);
    var same = function (m) { return m.kind === mv.kind && m.to === mv.to && m.pay === mv.pay; };
    if (legal.some(same)) { return null; }
    var st = setting(pos, net);
    if (!(mv.to in net.nodeOf) && mv.kind !== "jump") { return W.not_sphere.replace("{to}", mv.to); }
    if (st.blocked[net.nodeOf[mv.to]]) { return W.occupied.replace("{to}", mv.to); }
    if (mv.kind === "jump") {
      if (mv.pay !== "energy") { return W.jump_pays; }
      if (!canPay(pos, st.player, "energy")) { return W.no_energy; }
      return W.no_jump.replace("{to}", mv.to);
    }
    if (mv.pay === "control" && !canPay(pos, st.player, "control")) { return W.no_control; }
    if (mv.pay === null && legal.some(function (m) { return m.to === mv.to && m.pay; })) {
      return W.needs_control.replace("{to}", mv.to);
    }
    return W.no_drift.replace("{to}", mv.to);
  }

  /* The position after ``mv`` (move objects of MOVE.json: kind, to, pay, exchange), the
     player alone when ``alone`` (the turn stays theirs), else as rules/play.py: the turn
     passes. Throws an Error with the reason when the move is illegal. */
  function play(pos, tiles, mv, W, alone) {
    var player = pos.to_move, ex = mv.exchange || {};
    var next = copy(pos);
    exchange(next, player, ex.before || 0, "exchange.before", W);
    var net = build(next, tiles);
    var why = problem(next, net, mv, W);
    if (why) { throw new Error(why); }
    var a = next.astronauts[player], held = a.held;
    if (mv.pay) {
      if (held[mv.pay] < 1) { exchange(next, player, 1, "pay", W); }
      held[mv.pay] -= 1; next.stock[mv.pay] += 1;
    }
    if (mv.to in next.counters) {
      held[next.counters[mv.to]] += 1; delete next.counters[mv.to];
    }
    a.at = mv.to;
    if (!alone) { next.to_move = other(player); }
    exchange(next, player, ex.after || 0, "exchange.after", W);
    return next;
  }

  /* position.json as the Python writer gives it: counters by name, every held kind. */
  function canonical(pos) {
    var counters = {};
    Object.keys(pos.counters).sort(byName).forEach(function (k) { counters[k] = pos.counters[k]; });
    var out = copy(pos);
    out.counters = counters;
    ["tom", "dave"].forEach(function (pl) {
      var h = {};
      HELD.forEach(function (k) { h[k] = pos.astronauts[pl].held[k] || 0; });
      out.astronauts[pl].held = h;
    });
    return out;
  }

  function points(pl) {
    var v = {energy: 1, control: 2, alien: 5, solar: 5}, h = pl.held, t = 0;
    HELD.forEach(function (k) { t += v[k] * (h[k] || 0); });
    return t;
  }

  return {board: B, build: build, legalMoves: legalMoves, play: play, route: route,
          pointOf: pointOf, canonical: canonical, bases: BASES, points: points,
          canPay: canPay, other: other};
})();
