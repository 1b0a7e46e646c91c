// segmon's live page. Two views: the overview (no hash, or #overview) reads /api/v1/overview (one
// row per model and per comparison: the last 5 minutes' figures and the change detectors' state);
// a model's view (#model=M&tier=T&range=N) reads /api/v1/summary (the samples /metrics serves) and
// /api/v1/windows (per-minute counts with their ratios, computed by the monitor), and with slice keys
// /api/v1/summary?slice=all (the per-slice table). Both read /ready
// (how long ago a broker last answered), every REFRESH_MS. No ratio is computed here: every number
// shown is one the monitor sent.
"use strict";
(function () {
  const REFRESH_MS = 10000;
  const NO_MODEL = "none"; // the processor's model label of counts that belong to no model
  const MINUTE = 60;
  const COLORS = { precision: "#2453a6", recall: "#c2571a", f1: "#1b7f3b", r_value: "#6b3fa0", os: "#b3261e",
    n_ref: "#5b6475", n_hyp: "#2453a6", hits: "#1b7f3b", wer: "#8a5a00" };
  // The ratios: the summary's gauge, its interval gauges' stem (NAME_lower_ratio, NAME_upper_ratio),
  // the windows' field, and what good looks like. An `optional` tile is shown only when its gauge
  // exists for the model (word errors need hypotheses with words).
  const RATIOS = [
    { key: "precision", label: "Precision (P)", gauge: "segmon_boundary_precision_ratio", interval: "segmon_boundary_precision", goal: "good: near 1", better: "high" },
    { key: "recall", label: "Recall (R)", gauge: "segmon_boundary_recall_ratio", interval: "segmon_boundary_recall", goal: "good: near 1", better: "high" },
    { key: "f1", label: "F1", gauge: "segmon_boundary_f1_ratio", interval: "segmon_boundary_f1", goal: "good: near 1", better: "high" },
    { key: "os", label: "Over-segmentation (OS)", gauge: "segmon_boundary_over_segmentation_ratio", interval: "segmon_boundary_over_segmentation",
      estimate: "segmon_boundary_over_segmentation_estimated_ratio", goal: "good: near 0", better: "zero" },
    { key: "r_value", label: "R-value", gauge: "segmon_boundary_r_value", goal: "good: near 1", better: "high" },
    { key: "wer", label: "Word error rate (WER)", gauge: "segmon_word_error_rate_ratio", goal: "good: near 0", better: "low", optional: true },
  ];
  // The paired differences (candidate minus baseline on the same utterances): gauge stem and label.
  const PAIRED = [
    { key: "precision", label: "ΔP", stem: "segmon_paired_precision_difference" },
    { key: "recall", label: "ΔR", stem: "segmon_paired_recall_difference" },
    { key: "f1", label: "ΔF1", stem: "segmon_paired_f1_difference" },
    { key: "os", label: "ΔOS", stem: "segmon_paired_over_segmentation_difference" },
  ];
  // Charts: each series names a window field; a series with `band: [lowField, highField]` gets its
  // interval drawn as a shaded band when the windows carry those fields; an `optional` series is
  // drawn only when some window has a value for it (not null), and a chart with no series left is hidden.
  const CHARTS = [
    { id: "chart-prf", range: [0, 1], series: [{ key: "precision", label: "P", band: ["precision_low", "precision_high"] },
      { key: "recall", label: "R", band: ["recall_low", "recall_high"] }, { key: "f1", label: "F1", band: ["f1_low", "f1_high"] }] },
    { id: "chart-r", series: [{ key: "r_value", label: "R-value" }] },
    { id: "chart-os", zero: true, series: [{ key: "os", label: "OS", band: ["os_low", "os_high"] }] },
    { id: "chart-n", zero: true, series: [{ key: "n_ref", label: "reference" }, { key: "n_hyp", label: "hypothesis" }, { key: "hits", label: "hits" }] },
    { id: "chart-wer", range: [0, null], series: [{ key: "wer", label: "WER", band: ["wer_low", "wer_high"], optional: true }] },
  ];

  // The overview's figure columns: the row's field (also RATIOS' key, for the colour) and its label;
  // a `models` column is a model's only (a comparison has no WER) and shown when some model has it.
  const OVERVIEW = [
    { key: "precision", label: "P" }, { key: "recall", label: "R" }, { key: "f1", label: "F1" },
    { key: "os", label: "OS" }, { key: "wer", label: "WER", models: true },
  ];
  const MEASURE_NAMES = { precision: "precision", recall: "recall", f1: "F1", os: "OS", wer: "WER", offset_bias: "offset bias (s)" };

  const $ = (id) => document.getElementById(id);
  const state = { view: "overview", model: null, tier: null, range: 60, charts: {}, timer: null, refreshes: 0, generation: 0 };

  // No hash or #overview: the overview; #model=M&tier=T&range=N: that model's view.
  function readHash() {
    const p = new URLSearchParams(location.hash.slice(1));
    state.view = p.get("model") ? "model" : "overview";
    if (p.get("model")) state.model = p.get("model");
    if (p.get("tier")) state.tier = p.get("tier");
    if (p.get("range")) state.range = Number(p.get("range")) || 60;
    $("range").value = String(state.range);
  }

  function writeHash() {
    const p = new URLSearchParams({ model: state.model || "", tier: state.tier || "", range: String(state.range) });
    history.replaceState(null, "", "#" + p.toString());
  }

  async function getJson(url) {
    const r = await fetch(url, { cache: "no-store" });
    if (!r.ok) throw new Error(url.split("?")[0] + ": HTTP " + r.status);
    return r.json();
  }

  const fmt = (v, digits) => (v === null || v === undefined || Number.isNaN(v)) ? "–" : v.toFixed(digits);
  // A difference or a change with its sign, the minus as a minus sign: "+0.012", "−0.031".
  const signed = (v, digits) => (v === null || v === undefined || Number.isNaN(v)) ? "–"
    : (v > 0 ? "+" : v < 0 ? "\u2212" : "") + Math.abs(v).toFixed(digits);

  function grade(ratio, v) {
    if (v === null || v === undefined) return "";
    const off = ratio.better === "zero" ? Math.abs(v) : ratio.better === "low" ? v : 1 - v;
    return off <= 0.1 ? "good" : off <= 0.25 ? "warn" : "bad";
  }

  function sample(samples, name, labels) {
    const s = samples.find((x) => x.name === name && Object.keys(labels).every((k) => x.labels[k] === labels[k]));
    return s ? s.value : null;
  }

  // A line "95 % interval LOW – HIGH" with the raw ends in data-low / data-high ("" when absent).
  function intervalText(el, prefix, lo, hi, digits) {
    el.dataset.low = lo === null ? "" : String(lo);
    el.dataset.high = hi === null ? "" : String(hi);
    el.textContent = lo === null || hi === null ? prefix + "–" : prefix + "[" + fmt(lo, digits) + ", " + fmt(hi, digits) + "]";
  }

  function pickers(samples) {
    const pairs = samples.filter((s) => s.name === "segmon_hypothesis_boundaries_total").map((s) => [s.labels.model, s.labels.tier]);
    const models = [...new Set(pairs.map((p) => p[0]))].sort();
    if (!models.includes(state.model)) state.model = models[0] || null;
    const tiers = [...new Set(pairs.filter((p) => p[0] === state.model).map((p) => p[1]))].sort();
    if (!tiers.includes(state.tier)) state.tier = tiers[0] || null;
    fill($("model"), models, state.model);
    fill($("tier"), tiers, state.tier);
  }

  function fill(select, values, selected) {
    if (select.dataset.values !== values.join("\n")) {
      select.replaceChildren(...values.map((v) => new Option(v, v)));
      select.dataset.values = values.join("\n");
    }
    if (selected !== null) select.value = selected;
  }

  function renderTiles(samples) {
    const tiles = $("tiles");
    tiles.replaceChildren();
    tiles.dataset.model = state.model || "";
    tiles.dataset.tier = state.tier || "";
    for (const r of RATIOS) {
      const labels = { model: state.model, tier: state.tier };
      const recent = sample(samples, r.gauge, { ...labels, window: "5m" });
      const total = sample(samples, r.gauge, { ...labels, window: "cumulative" });
      if (r.optional && recent === null && total === null) continue;
      const tile = document.createElement("div");
      tile.className = "tile";
      tile.dataset.metric = r.key;
      tile.innerHTML = '<div class="name"></div><div class="value"></div><div class="interval"></div><div class="since"></div><div class="goal"></div>';
      const w5 = { ...labels, window: "5m" };
      if (r.interval) {
        intervalText(tile.querySelector(".interval"), "95 % interval ", sample(samples, r.interval + "_lower_ratio", w5),
          sample(samples, r.interval + "_upper_ratio", w5), 3);
      } else {
        tile.querySelector(".interval").remove();
      }
      const estimated = r.estimate ? sample(samples, r.estimate, w5) : null;
      if (estimated !== null) {
        const e = document.createElement("div");
        e.className = "estimate";
        e.dataset.raw = String(estimated);
        e.textContent = "estimated from the hypotheses alone (before references): " + fmt(estimated, 3);
        tile.appendChild(e);
      }
      tile.querySelector(".name").textContent = r.label + " · last 5 min";
      const value = tile.querySelector(".value");
      value.textContent = fmt(recent, 3);
      value.dataset.raw = recent === null ? "" : String(recent);
      value.classList.add(...[grade(r, recent)].filter(Boolean));
      const since = tile.querySelector(".since");
      since.textContent = "since start: " + fmt(total, 3);
      since.dataset.raw = total === null ? "" : String(total);
      tile.querySelector(".goal").textContent = recent === null ? r.goal + " (no boundaries decided in the last 5 min)" : r.goal;
      tiles.appendChild(tile);
    }
  }

  // Whether a difference's interval [lo, hi] excludes 0 in the bad direction ("bad"), the good one
  // ("better") or not at all (""). P, R, F1: below 0 is worse. OS: worse is further from 0 than the
  // baseline's OS b, i.e. |b + d| > |b| for every d in the interval (d > 0 or d < -2b when b >= 0).
  function pairedGrade(key, lo, hi, b) {
    if (lo === null || hi === null) return "";
    if (key !== "os") return hi < 0 ? "bad" : lo > 0 ? "better" : "";
    const s = b !== null && b < 0 ? -1 : 1;
    const l = s > 0 ? lo : -hi, h = s > 0 ? hi : -lo, edge = -2 * Math.abs(b || 0);
    return l > 0 || h < edge ? "bad" : (l > edge && h < 0 ? "better" : "");
  }

  // The comparisons in which the selected model is the candidate: candidate minus baseline on the
  // utterances scored for both, 5 minutes large and since start small, each with its interval.
  function renderPaired(samples) {
    const box = $("paired");
    box.replaceChildren();
    const mine = (x) => x.labels.candidate === state.model && x.labels.tier === state.tier;
    const baselines = [...new Set(samples.filter((x) => x.name === PAIRED[0].stem + "_ratio" && mine(x)).map((x) => x.labels.baseline))].sort();
    const candidates = [...new Set(samples.filter((x) => x.name === PAIRED[0].stem + "_ratio" && x.labels.baseline === state.model
      && x.labels.tier === state.tier).map((x) => x.labels.candidate))].sort();
    box.hidden = baselines.length === 0 && candidates.length === 0;
    for (const baseline of baselines) {
      const labels = { candidate: state.model, baseline, tier: state.tier };
      const n = sample(samples, "segmon_paired_utterances_total", labels);
      const panel = document.createElement("div");
      panel.className = "pair";
      panel.dataset.baseline = baseline;
      panel.innerHTML = '<h2></h2><div class="deltas"></div>';
      panel.querySelector("h2").textContent = state.model + " compared with " + baseline + " on the same utterances";
      const unit = document.createElement("span");
      unit.className = "unit";
      unit.textContent = " (candidate − baseline; " + (n === null ? "–" : String(n)) + " utterances scored for both since start)";
      panel.querySelector("h2").appendChild(unit);
      for (const p of PAIRED) {
        const cell = document.createElement("div");
        cell.className = "delta";
        cell.dataset.metric = p.key;
        const name = document.createElement("div");
        name.className = "dname";
        name.textContent = p.label + " · last 5 min";
        cell.appendChild(name);
        for (const window of ["5m", "cumulative"]) {
          const l = { ...labels, window };
          const v = sample(samples, p.stem + "_ratio", l), lo = sample(samples, p.stem + "_lower_ratio", l), hi = sample(samples, p.stem + "_upper_ratio", l);
          const line = document.createElement("div");
          line.className = window === "5m" ? "recent" : "since";
          line.dataset.window = window;
          line.dataset.raw = v === null ? "" : String(v);
          const g = pairedGrade(p.key, lo, hi, sample(samples, "segmon_boundary_over_segmentation_ratio", { model: baseline, tier: state.tier, window }));
          if (g) line.classList.add(g);
          line.innerHTML = '<span class="v"></span><span class="ci"></span>';
          line.querySelector(".v").textContent = (window === "5m" ? "" : "since start: ") + (v === null ? "–" : (v > 0 ? "+" : "") + fmt(v, 3));
          intervalText(line.querySelector(".ci"), window === "5m" ? "95 % interval " : "", lo, hi, 3);
          cell.appendChild(line);
        }
        panel.querySelector(".deltas").appendChild(cell);
      }
      box.appendChild(panel);
    }
    if (candidates.length) {
      const note = document.createElement("p");
      note.className = "hint";
      note.textContent = state.model + " is the baseline of " + candidates.join(", ") + ": pick one of them to see the comparison.";
      box.appendChild(note);
    }
  }

  function rows(table, head, data, empty) {
    table.replaceChildren();
    const tr = table.insertRow();
    head.forEach((h, i) => { const th = document.createElement("th"); th.textContent = h; if (i === head.length - 1) th.style.textAlign = "right"; tr.appendChild(th); });
    if (data.length === 0) {
      const td = table.insertRow().insertCell();
      td.colSpan = head.length; td.className = "empty"; td.textContent = empty;
      return;
    }
    for (const row of data) {
      const r = table.insertRow();
      row.forEach((c, i) => { const td = r.insertCell(); td.textContent = c; if (i === row.length - 1) td.className = "num"; });
      r.dataset.key = row.slice(0, -1).join("|");
    }
  }

  const OUTCOME_TEXT = { scored: "scored (reference and hypothesis complete)", unreferenced: "no reference arrived in time",
    timed_out: "hypothesis never ended", unhypothesized: "reference without any model's hypothesis" };

  function renderTables(summary) {
    const s = summary.samples;
    const outcomes = s.filter((x) => x.name === "segmon_utterances_total" && x.labels.tier === state.tier
        && (x.labels.model === state.model || x.labels.model === NO_MODEL))
      .map((x) => [OUTCOME_TEXT[x.labels.outcome] || x.labels.outcome, x.labels.model === NO_MODEL ? "any" : x.labels.model, String(x.value)]);
    rows($("outcomes"), ["outcome", "model", "utterances"], outcomes, "no utterance closed yet");
    // The scores describe the utterances that got a reference (--unreferenced skip), the early
    // estimate every one whose end had a duration: per model, each OS (since start) beside its share.
    const referenced = $("referenced");
    referenced.replaceChildren(...s.filter((x) => x.name === "segmon_referenced_utterances_ratio" && x.labels.tier === state.tier
        && x.value !== null).map((x) => {
      const line = document.createElement("p");
      line.className = "unit coverage";
      line.dataset.model = x.labels.model;
      const l = { model: x.labels.model, tier: state.tier };
      const estimatedShare = sample(s, "segmon_estimated_utterances_ratio", l);
      line.append(x.labels.model + ": ",
        coverage("scored", sample(s, "segmon_boundary_over_segmentation_ratio", { ...l, window: "cumulative" }), x.value, " % of utterances"),
        " · ",
        coverage("estimated", sample(s, "segmon_boundary_over_segmentation_estimated_ratio", { ...l, window: "cumulative" }),
          estimatedShare, " %"));
      return line;
    }));
    const dead = s.filter((x) => x.name === "segmon_dead_letters_total").sort((a, b) => b.value - a.value)
      .map((x) => [x.labels.reason, x.labels.model + " / " + x.labels.tier, String(x.value)]);
    rows($("dead"), ["reason", "model / tier", "records"], dead, "none: every record was usable");
    const lag = s.filter((x) => x.name === "segmon_reference_last_received_timestamp_seconds")
      .map((x) => [x.labels.tier, "last chunk " + ago(summary.now - x.value)]);
    const open = sample(s, "segmon_open_utterances", { model: state.model, tier: state.tier });
    if (open !== null) lag.push(["open utterances of " + state.model, String(open)]);
    rows($("lag"), ["tier", "references"], lag, "no reference received yet");
  }

  // "OS +0.012 scored on 10 % of utterances": a figure and the share of utterances it stands on.
  function coverage(kind, os, share, unit) {
    const span = document.createElement("span");
    span.className = kind;
    span.dataset.os = os === null ? "" : String(os);
    span.dataset.share = share === null ? "" : String(share);
    const pct = share === null ? "–" : share < 0.1 ? (100 * share).toFixed(1) : String(Math.round(100 * share));
    span.textContent = "OS " + signed(os, 3) + " " + kind + " on " + pct + unit;
    return span;
  }

  function ago(seconds) {
    if (seconds < 0) return "in the future (" + fmt(-seconds, 0) + " s ahead of this clock)";
    if (seconds < 120) return fmt(seconds, 0) + " s ago";
    if (seconds < 7200) return fmt(seconds / 60, 0) + " min ago";
    return fmt(seconds / 3600, 1) + " h ago";
  }

  // The minutes of the range on the x axis (epoch seconds), each window's fields at its minute,
  // null where the monitor holds no counts (a gap in the line).
  function columns(windows, fromSec, fields) {
    const nowMin = Math.floor(Date.now() / 1000 / MINUTE) * MINUTE;
    const xs = [];
    for (let t = fromSec; t <= nowMin; t += MINUTE) xs.push(t);
    const at = new Map(windows.map((w) => [Date.parse(w.start) / 1000, w]));
    return [xs, ...fields.map((f) => xs.map((t) => { const w = at.get(t); return w && w[f] !== undefined ? w[f] : null; }))];
  }

  // A value axis as wide as its widest tick label: tick, gap and the label in the axis' font, and
  // never narrower than uPlot's 50 px. A fixed 50 px left 35 px for labels, and "-0.025" needs
  // about 39: the minus sign fell off the canvas and the tick read "0.025".
  function axisSize(u, values, axisIdx, cycleNum) {
    const axis = u.axes[axisIdx];
    if (cycleNum > 1) return axis._size; // uPlot asks again while sizes settle; one pass is enough
    let widest = 0;
    if (values) {
      u.ctx.font = axis.font[0];
      for (const v of values) widest = Math.max(widest, u.ctx.measureText(String(v)).width / uPlot.pxRatio);
    }
    return Math.max(50, Math.ceil(axis.ticks.size + axis.gap + widest + 2));
  }

  function renderCharts(api) {
    const fromSec = Date.parse(api.from) / 1000;
    for (const c of CHARTS) {
      const fields = [];
      const series = [{}];
      const bands = [];
      const hidden = []; // the band ends: no legend entry of their own
      for (const s of c.series) {
        if (s.optional && !api.windows.some((w) => w[s.key] !== undefined && w[s.key] !== null)) continue;
        fields.push(s.key);
        const color = COLORS[s.key];
        series.push({ label: s.label, stroke: color, width: 2, points: { show: true, size: 4 }, value: (u, v) => fmt(v, c.id === "chart-n" ? 0 : 3) });
        const hasBand = s.band && api.windows.some((w) => w[s.band[0]] !== undefined);
        if (hasBand) {
          fields.push(s.band[0], s.band[1]);
          const end = (which) => ({ label: s.label + " " + which, stroke: color + "00", width: 0, points: { show: false }, value: (u, v) => fmt(v, 3) });
          series.push(end("low"), end("high"));
          hidden.push(series.length - 2, series.length - 1);
          bands.push({ series: [series.length - 1, series.length - 2], fill: color + "24" });
        }
      }
      const el = $(c.id);
      let chart = state.charts[c.id];
      el.parentElement.hidden = fields.length === 0;
      if (fields.length === 0) {
        if (chart) chart.plot.destroy();
        delete state.charts[c.id];
        continue;
      }
      const data = columns(api.windows, fromSec, fields);
      const key = fields.join(",");
      if (chart && chart.key === key) {
        chart.plot.setData(data);
        continue;
      }
      if (chart) chart.plot.destroy();
      const opts = {
        width: Math.max(300, el.clientWidth), height: 200, series, bands,
        scales: { x: { time: true }, y: c.range ? { range: (u, lo, hi) => [c.range[0], c.range[1] === null ? Math.max(0.05, hi) : c.range[1]] } : (c.zero ? { range: (u, lo, hi) => [Math.min(0, lo), Math.max(0.05, hi)] } : {}) },
        axes: [{}, { size: axisSize }],
        legend: { live: true },
      };
      const plot = new uPlot(opts, data, el);
      const legend = plot.root.querySelectorAll(".u-legend .u-series");
      hidden.forEach((i) => { if (legend[i]) legend[i].style.display = "none"; });
      state.charts[c.id] = { key, plot };
    }
  }

  // The overview: the rows of /api/v1/overview in its order (called changes first), each a link to
  // the model's view (a comparison's to its candidate's, where the comparison panel is).
  function renderOverview(api) {
    const table = $("overview-table");
    const rows = api.rows;
    const models = rows.filter((r) => r.baseline === null).length;
    const called = rows.filter((r) => r.change && r.change.called).length;
    $("overview-title").textContent = models + " model" + (models === 1 ? "" : "s") + " and " + (rows.length - models)
      + " comparison" + (rows.length - models === 1 ? "" : "s") + " · " + (called === 0 ? "no change called" : called + " with a change called");
    const columns = OVERVIEW.filter((c) => !c.models || rows.some((r) => r.baseline === null && r[c.key] !== undefined && r[c.key] !== null));
    table.replaceChildren();
    const head = table.createTHead().insertRow();
    ["", "model", "tier", "utterances", ...columns.map((c) => c.label), "change detection", "evidence, last hour"].forEach((h) => {
      const th = document.createElement("th"); th.textContent = h; head.appendChild(th);
    });
    const body = table.createTBody();
    if (rows.length === 0) {
      const td = body.insertRow().insertCell();
      td.colSpan = columns.length + 6; td.className = "empty";
      td.textContent = "No model counted yet: rows appear as hypotheses and references arrive.";
      return;
    }
    const baselineOs = (r) => { const b = rows.find((x) => x.baseline === null && x.model === r.baseline && x.tier === r.tier); return b ? b.os : null; };
    for (const r of rows) {
      const tr = body.insertRow();
      const isCalled = Boolean(r.change && r.change.called);
      tr.className = "row" + (isCalled ? " called" : "");
      tr.dataset.model = r.model;
      tr.dataset.baseline = r.baseline === null ? "" : r.baseline;
      tr.dataset.tier = r.tier;
      tr.dataset.called = String(isCalled);
      const href = "#" + new URLSearchParams({ model: r.model, tier: r.tier, range: String(state.range) });
      tr.addEventListener("click", (e) => { if (!e.target.closest("a")) location.hash = href; });
      const mark = tr.insertCell();
      mark.className = "mark";
      mark.textContent = isCalled ? "⚠ change" : "";
      const name = tr.insertCell();
      name.className = "name";
      const a = document.createElement("a");
      a.href = href;
      a.textContent = r.baseline === null ? r.model : r.model + " vs " + r.baseline;
      name.appendChild(a);
      if (r.baseline !== null) {
        const k = document.createElement("span"); k.className = "unit"; k.textContent = " candidate − baseline"; name.appendChild(k);
      }
      tr.insertCell().textContent = r.tier;
      const n = tr.insertCell();
      n.className = "num";
      n.textContent = r.utterances === undefined ? "–" : String(r.utterances);
      for (const c of columns) {
        const td = tr.insertCell();
        td.className = "fig";
        td.dataset.metric = c.key;
        if (c.models && r.baseline !== null) continue;
        const v = r[c.key] === undefined ? null : r[c.key];
        const lo = r[c.key + "_low"] === undefined ? null : r[c.key + "_low"];
        const hi = r[c.key + "_high"] === undefined ? null : r[c.key + "_high"];
        const value = document.createElement("span");
        value.className = "v";
        value.dataset.raw = v === null ? "" : String(v);
        value.textContent = r.baseline === null ? fmt(v, 3) : signed(v, 3);
        const g = r.baseline === null ? grade(RATIOS.find((x) => x.key === c.key), v) : pairedGrade(c.key, lo, hi, baselineOs(r));
        if (g) value.classList.add(g);
        td.appendChild(value);
        if (c.key + "_low" in r) {
          const ci = document.createElement("span");
          ci.className = "ci";
          intervalText(ci, "", lo, hi, 3);
          td.appendChild(ci);
        }
      }
      tr.insertCell().appendChild(changeText(r.change));
      const spark = tr.insertCell();
      spark.className = "spark";
      if (r.change) spark.appendChild(sparkline(r.change.history, Date.parse(api.history_from), isCalled));
    }
  }

  // "change called since 05:12 · recall −0.031", "no change", or why there is nothing to say yet.
  function changeText(change) {
    const el = document.createElement("span");
    el.className = "change";
    if (!change) {
      el.classList.add("none");
      el.textContent = "no detector figures yet";
      el.title = "The change detectors hold nothing for this series yet: still learning it, or this monitor runs none.";
      return el;
    }
    el.dataset.since = change.since === null ? "" : String(change.since);
    if (!change.called) {
      el.classList.add("quiet");
      el.textContent = "no change";
      return el;
    }
    el.classList.add("called");
    const sizes = change.measures.filter((m) => m.called).map((m) => (MEASURE_NAMES[m.measure] || m.measure) + " " + signed(m.estimate, 3));
    el.textContent = "change called" + (change.since === null ? "" : " since " + clock(change.since)) + (sizes.length ? " · " + sizes.join(", ") : "");
    return el;
  }

  // HH:MM in the browser's time zone, with the date when not within the last 20 hours.
  function clock(ms) {
    const d = new Date(ms);
    const hm = d.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
    return Date.now() - ms > 20 * 3600 * 1000 ? d.toLocaleDateString() + " " + hm : hm;
  }

  // The detector's evidence per minute from `fromMs` to now as a small line, the threshold (1) dashed.
  function sparkline(history, fromMs, called) {
    const NS = "http://www.w3.org/2000/svg", W = 140, H = 30, PAD = 2;
    const svg = document.createElementNS(NS, "svg");
    svg.setAttribute("width", W); svg.setAttribute("height", H); svg.setAttribute("viewBox", "0 0 " + W + " " + H);
    svg.setAttribute("role", "img");
    const values = history.map((p) => p[1]).filter((v) => v !== null);
    const last = values.length ? values[values.length - 1] : null;
    svg.setAttribute("aria-label", "evidence over the last hour" + (last === null ? ": none" : ", latest " + fmt(last, 2) + " of the threshold"));
    const top = Math.max(1.25, ...values), bottom = Math.min(0, ...values);
    const x = (ms) => PAD + (W - 2 * PAD) * Math.min(1, Math.max(0, (ms - fromMs) / Math.max(1, Date.now() - fromMs)));
    const y = (v) => PAD + (H - 2 * PAD) * (top - v) / (top - bottom);
    const line = (cls, d) => { const p = document.createElementNS(NS, "path"); p.setAttribute("class", cls); p.setAttribute("d", d); svg.appendChild(p); };
    line("threshold", "M" + PAD + " " + y(1) + "H" + (W - PAD));
    let d = "", pen = false;
    for (const [ms, v] of history) {
      if (v === null) { pen = false; continue; }
      d += (pen ? "L" : "M") + x(ms).toFixed(1) + " " + y(v).toFixed(1);
      pen = true;
    }
    if (d) line(called ? "evidence called" : "evidence", d);
    svg.dataset.points = String(history.length);
    return svg;
  }

  // The monitor's readiness answer says when a broker last answered it. Past the answer's own
  // stale_after_seconds the figures on the page are those of that moment, and the banner says so.
  // A 503 (client not RUNNING) carries the same JSON.
  async function renderContact() {
    const r = await fetch("ready", { cache: "no-store", headers: { Accept: "application/json" } });
    const ready = await r.json();
    state.contact = ready;
    const banner = $("contact");
    banner.hidden = !ready.stale;
    banner.textContent = ready.stale ? "No contact with Kafka for " + fmt(ready.broker_contact_age_seconds, 0)
      + " s; figures as of " + new Date(ready.last_broker_contact).toLocaleString() + "." : "";
  }

  // Input records off Kafka's default (murmur2) partition of their key, as this instance counted
  // them: while any, their utterances' two sides never meet and a note says what to fix
  // (docs/operations.md, "Producers in other languages: the partitioner").
  async function renderPartitioning() {
    const r = await fetch("metrics?name[]=segmon_input_partition_mismatches_total", { cache: "no-store" });
    const off = {};
    for (const m of (await r.text()).matchAll(/^segmon_input_partition_mismatches_total\{topic="([^"]*)"\} (\S+)$/gm)) {
      if (Number(m[2]) > 0) off[m[1]] = Number(m[2]);
    }
    state.partitioning = off;
    const topics = Object.keys(off).sort();
    const note = $("partitioning");
    note.hidden = topics.length === 0;
    note.textContent = topics.length === 0 ? "" : "Input not partitioned by Kafka's default partitioner: "
      + topics.map((t) => fmt(off[t], 0) + " records of " + t).join(", ")
      + " are not on the partition murmur2 gives their key, so those utterances' hypotheses and references never meet."
      + " Set partitioner=murmur2_random in librdkafka-based producers (docs/operations.md).";
  }

  async function refresh() {
    clearTimeout(state.timer);
    const generation = ++state.generation; // a refresh started later (a click) supersedes this one
    const overview = state.view === "overview";
    $("overview").hidden = !overview;
    $("model-view").hidden = overview;
    $("pickers").hidden = overview;
    try {
      await renderContact();
      await renderPartitioning();
      if (overview) {
        const api = await getJson("api/v1/overview");
        state.overview = api;
        renderOverview(api);
        if (!state.overviewDrawn) {
          state.overviewDrawn = true;
          performance.mark("segmon-first-overview"); // time to the overview (docs/live-page.md)
        }
        const missing = api.unreachable.length ? " · " + api.unreachable.length + " instance(s) did not answer: figures are partial" : "";
        setStatus("updated " + new Date().toLocaleTimeString() + " · " + api.instances + " instance(s)" + missing, missing !== "");
      } else {
        await refreshModel();
      }
      state.refreshes++;
      document.body.dataset.refreshes = String(state.refreshes);
    } catch (e) {
      setStatus("cannot reach the monitor: " + e.message, true);
    }
    if (generation === state.generation) state.timer = setTimeout(refresh, REFRESH_MS);
  }

  // Word timing of the picked model (docs/timing.md, "Live"): the segmon_word_timing_* gauges, in ms.
  function renderTiming(samples) {
    const labels = { model: state.model, tier: state.tier };
    const g = (name, extra) => sample(samples, "segmon_word_timing_" + name, { ...labels, ...extra });
    const ms = (v) => v === null ? "–" : fmt(1000 * v, 1);
    const late = (v) => v === null ? "–" : signed(1000 * v, 1);
    const range = (lo, hi, f) => lo === null || hi === null ? "–" : "[" + f(lo) + ", " + f(hi) + "]";
    const section = $("timing");
    const share5 = g("matched_share_ratio", { window: "5m" });
    const shareAll = g("matched_share_ratio", { window: "cumulative" });
    section.hidden = share5 === null && shareAll === null;
    if (section.hidden) return;
    const pct = (v) => v === null ? "–" : Math.round(100 * v) + " %";
    $("timing-share").textContent = pct(share5) + " over 5 minutes, " + pct(shareAll) + " since the start";
    const data = ["start", "end"].map((edge) => {
      const w = { edge, window: "5m" };
      const all = { edge, window: "cumulative" };
      const within = ["0.02", "0.05", "0.1", "0.2"].map((c) => pct(g("within_ratio", { ...w, collar: c }))).join(" / ");
      return [edge, late(g("bias_seconds", w)), range(g("bias_lower_seconds", w), g("bias_upper_seconds", w), late),
        ms(g("mean_absolute_error_seconds", w)), range(g("mean_absolute_error_lower_seconds", w), g("mean_absolute_error_upper_seconds", w), ms),
        within, late(g("bias_seconds", all)) + " / " + ms(g("mean_absolute_error_seconds", all))];
    });
    rows($("timing-table"), ["edge", "bias (5m)", "95 % interval", "mean |error| (5m)", "95 % interval", "within 20 / 50 / 100 / 200 ms",
      "bias / mean |error| since start"], data, "no word timed yet");
  }

  // Slices (docs/slices.md): per value of the picked label key, the open model's P, R, F1 and OS (last
  // 5 minutes large, since start small) and its scored utterances, from /api/v1/summary?slice=all. The
  // keys are those whose capped values the pooled summary counts: every --slice-keys key, from 0.
  async function renderSlices(pooled) {
    const keys = [...new Set(pooled.filter((x) => x.name === "segmon_slice_values_capped_total").map((x) => x.labels.key))].sort();
    $("slices").hidden = keys.length === 0;
    if (keys.length === 0) { state.slices = null; return; }
    if (!keys.includes(state.sliceKey)) state.sliceKey = keys[0];
    fill($("slice-key"), keys, state.sliceKey);
    const key = state.sliceKey;
    const mine = (await getJson("api/v1/summary?slice=all")).samples
      .filter((x) => x.labels.slice === key && x.labels.model === state.model && x.labels.tier === state.tier);
    const last = (v) => (v === "none" || v === "other" ? 1 : 0); // the catch-alls after the real values
    const values = [...new Set(mine.map((x) => x.labels[key]))].sort((a, b) => last(a) - last(b) || a.localeCompare(b));
    const figures = OVERVIEW.filter((c) => !c.models).map((c) => ({ ...c, ratio: RATIOS.find((r) => r.key === c.key) }));
    const table = $("slice-table");
    table.replaceChildren();
    const head = table.createTHead().insertRow();
    [key, "utterances", ...figures.map((c) => c.label)].forEach((h) => { const th = document.createElement("th"); th.textContent = h; head.appendChild(th); });
    const body = table.createTBody();
    if (values.length === 0) {
      const td = body.insertRow().insertCell();
      td.colSpan = figures.length + 2; td.className = "empty"; td.textContent = "no utterance of " + state.model + " closed in a slice of " + key + " yet";
    }
    for (const v of values) {
      const at = (name, extra) => sample(mine, name, { [key]: v, ...extra });
      const tr = body.insertRow();
      tr.dataset.value = v;
      tr.insertCell().textContent = v;
      const n = tr.insertCell();
      n.className = "num";
      const scored = at("segmon_utterances_total", { outcome: "scored" });
      n.textContent = scored === null ? "–" : String(scored);
      for (const c of figures) {
        const td = tr.insertCell();
        td.className = "fig";
        td.dataset.metric = c.key;
        const recent = at(c.ratio.gauge, { window: "5m" }), total = at(c.ratio.gauge, { window: "cumulative" });
        const big = document.createElement("span");
        big.className = "v";
        big.dataset.raw = recent === null ? "" : String(recent);
        big.textContent = fmt(recent, 3);
        const g = grade(c.ratio, recent);
        if (g) big.classList.add(g);
        const small = document.createElement("span");
        small.className = "ci";
        small.dataset.raw = total === null ? "" : String(total);
        small.textContent = "since start " + fmt(total, 3);
        td.append(big, small);
      }
    }
    state.slices = { key, values };
  }

  async function refreshModel() {
    const summary = await getJson("api/v1/summary");
    pickers(summary.samples);
    writeHash();
    renderTiles(summary.samples);
    renderPaired(summary.samples);
    renderTables(summary);
    renderTiming(summary.samples);
    await renderSlices(summary.samples);
    if (state.model) {
      const q = new URLSearchParams({ model: state.model, tier: state.tier, minutes: String(state.range) });
      $("api-link").href = "api/v1/windows?" + q;
      const api = await getJson("api/v1/windows?" + q);
      renderCharts(api);
      const missing = api.unreachable.length ? " · " + api.unreachable.length + " instance(s) did not answer: charts are partial" : "";
      setStatus("updated " + new Date().toLocaleTimeString() + " · " + api.instances + " instance(s)" + missing, missing !== "");
    } else {
      setStatus("waiting for the first hypotheses…", false);
    }
    if (state.model && !state.charted) {
      state.charted = true;
      performance.mark("segmon-first-chart"); // time to first chart (docs/live-page.md)
    }
  }

  function setStatus(text, bad) {
    const s = $("status");
    s.textContent = text;
    s.classList.toggle("error", bad);
  }

  function onPick() {
    state.model = $("model").value;
    state.tier = $("tier").value;
    state.range = Number($("range").value);
    refresh();
  }

  function resizeCharts() {
    for (const c of CHARTS) {
      const chart = state.charts[c.id];
      if (chart) chart.plot.setSize({ width: Math.max(300, $(c.id).clientWidth), height: 200 });
    }
  }

  window.addEventListener("resize", resizeCharts);
  // A row clicked, the way back to the overview, or the browser's back button.
  window.addEventListener("hashchange", () => {
    readHash();
    refresh().then(() => { if (state.view === "model") resizeCharts(); });
  });
  window.segmonPage = state; // for tests and the curious: what the page last drew
  ["model", "tier", "range"].forEach((id) => $(id).addEventListener("change", onPick));
  $("slice-key").addEventListener("change", () => { state.sliceKey = $("slice-key").value; refresh(); });
  readHash();
  refresh();
})();
