// segmon's live page: reads /api/v1/summary (the samples /metrics serves) and /api/v1/windows
// (per-minute counts with their ratios, computed by the monitor), every REFRESH_MS. No ratio is
// computed here: every number shown is one the monitor sent.
"use strict";
(function () {
  const REFRESH_MS = 10000;
  const NO_MODEL = "none"; // the processor's model label of counts that belong to no model
  const MINUTE = 60;
  const COLORS = { precision: "#2453a6", recall: "#c2571a", f1: "#1b7f3b", r_value: "#6b3fa0", os: "#b3261e",
    n_ref: "#5b6475", n_hyp: "#2453a6", hits: "#1b7f3b" };
  // The five ratios: the summary's gauge, the windows' field, and what good looks like.
  const RATIOS = [
    { key: "precision", label: "Precision (P)", gauge: "segmon_boundary_precision_ratio", goal: "good: near 1", better: "high" },
    { key: "recall", label: "Recall (R)", gauge: "segmon_boundary_recall_ratio", goal: "good: near 1", better: "high" },
    { key: "f1", label: "F1", gauge: "segmon_boundary_f1_ratio", goal: "good: near 1", better: "high" },
    { key: "os", label: "Over-segmentation (OS)", gauge: "segmon_boundary_over_segmentation_ratio", goal: "good: near 0", better: "zero" },
    { key: "r_value", label: "R-value", gauge: "segmon_boundary_r_value", goal: "good: near 1", better: "high" },
  ];
  // Charts: each series names a window field; a series with `band: [lowField, highField]` gets its
  // interval drawn as a shaded band once the windows carry those fields (none do yet).
  const CHARTS = [
    { id: "chart-prf", range: [0, 1], series: [{ key: "precision", label: "P" }, { key: "recall", label: "R" }, { key: "f1", label: "F1" }] },
    { id: "chart-r", series: [{ key: "r_value", label: "R-value" }] },
    { id: "chart-os", zero: true, series: [{ key: "os", label: "OS" }] },
    { id: "chart-n", zero: true, series: [{ key: "n_ref", label: "reference" }, { key: "n_hyp", label: "hypothesis" }, { key: "hits", label: "hits" }] },
  ];

  const $ = (id) => document.getElementById(id);
  const state = { model: null, tier: null, range: 60, charts: {}, timer: null, refreshes: 0 };

  function readHash() {
    const p = new URLSearchParams(location.hash.slice(1));
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

  function grade(ratio, v) {
    if (v === null || v === undefined) return "";
    const off = ratio.better === "zero" ? Math.abs(v) : 1 - v;
    return off <= 0.1 ? "good" : off <= 0.25 ? "warn" : "bad";
  }

  function sample(samples, name, labels) {
    const s = samples.find((x) => x.name === name && Object.keys(labels).every((k) => x.labels[k] === labels[k]));
    return s ? s.value : null;
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
      const tile = document.createElement("div");
      tile.className = "tile";
      tile.dataset.metric = r.key;
      tile.innerHTML = '<div class="name"></div><div class="value"></div><div class="since"></div><div class="goal"></div>';
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
    const dead = s.filter((x) => x.name === "segmon_dead_letters_total").sort((a, b) => b.value - a.value)
      .map((x) => [x.labels.reason, x.labels.model + " / " + x.labels.tier, String(x.value)]);
    rows($("dead"), ["reason", "model / tier", "records"], dead, "none: every record was usable");
    const lag = s.filter((x) => x.name === "segmon_reference_last_received_timestamp_seconds")
      .map((x) => [x.labels.tier, "last chunk " + ago(summary.now - x.value)]);
    const open = sample(s, "segmon_open_utterances", { model: state.model, tier: state.tier });
    if (open !== null) lag.push(["open utterances of " + state.model, String(open)]);
    rows($("lag"), ["tier", "references"], lag, "no reference received yet");
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

  function renderCharts(api) {
    const fromSec = Date.parse(api.from) / 1000;
    for (const c of CHARTS) {
      const fields = [];
      const series = [{}];
      const bands = [];
      for (const s of c.series) {
        fields.push(s.key);
        const color = COLORS[s.key];
        series.push({ label: s.label, stroke: color, width: 2, points: { show: true, size: 4 }, value: (u, v) => fmt(v, c.id === "chart-n" ? 0 : 3) });
        const hasBand = s.band && api.windows.some((w) => w[s.band[0]] !== undefined);
        if (hasBand) {
          fields.push(s.band[0], s.band[1]);
          series.push({ label: s.label + " low", stroke: color + "00", fill: color + "22" }, { label: s.label + " high", stroke: color + "00" });
          bands.push({ series: [series.length - 1, series.length - 2], fill: color + "22" });
        }
      }
      const data = columns(api.windows, fromSec, fields);
      const el = $(c.id);
      const key = fields.join(",");
      let chart = state.charts[c.id];
      if (chart && chart.key === key) {
        chart.plot.setData(data);
        continue;
      }
      if (chart) chart.plot.destroy();
      const opts = {
        width: Math.max(300, el.clientWidth), height: 200, series, bands,
        scales: { x: { time: true }, y: c.range ? { range: c.range } : (c.zero ? { range: (u, lo, hi) => [Math.min(0, lo), Math.max(0.05, hi)] } : {}) },
        axes: [{}, { size: 50 }],
        legend: { live: true },
      };
      state.charts[c.id] = { key, plot: new uPlot(opts, data, el) };
    }
  }

  async function refresh() {
    clearTimeout(state.timer);
    try {
      const summary = await getJson("api/v1/summary");
      pickers(summary.samples);
      writeHash();
      renderTiles(summary.samples);
      renderTables(summary);
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
      state.refreshes++;
      document.body.dataset.refreshes = String(state.refreshes);
    } catch (e) {
      setStatus("cannot reach the monitor: " + e.message, true);
    }
    state.timer = setTimeout(refresh, REFRESH_MS);
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

  window.addEventListener("resize", () => {
    for (const c of CHARTS) {
      const chart = state.charts[c.id];
      if (chart) chart.plot.setSize({ width: Math.max(300, $(c.id).clientWidth), height: 200 });
    }
  });
  window.segmonPage = state; // for tests and the curious: what the page last drew
  ["model", "tier", "range"].forEach((id) => $(id).addEventListener("change", onPick));
  readHash();
  refresh();
})();
