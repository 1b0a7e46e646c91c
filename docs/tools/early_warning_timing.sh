#!/usr/bin/env bash
# Measures how much earlier the early over-segmentation alert fires than the reference-based one:
# `./segmon demo --reference-delay DELAY` (default 10m) scraped every 5 s by a real Prometheus
# running deploy/prometheus/rules/*.rules.yml as shipped (15 s rule evaluation); polls ALERTS
# and prints, per alert and model, the minute after the demo's start at which it first fired.
# Stops when both alerts fired for `regressing`, or after LIMIT_S (default 2400) seconds.
# Usage: docs/tools/early_warning_timing.sh [DELAY] ; needs prometheus on PATH.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
delay="${1:-10m}"
limit="${LIMIT_S:-2400}"
work="$(mktemp -d)"
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; wait 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }

"$root/segmon" demo --reference-delay "$delay" --metrics-port 0 --report-every 1m >"$work/demo.log" 2>&1 &
pids+=($!)
start=$(date +%s)
until port=$(grep -oP 'metrics: http://[^:/]+:\K\d+' "$work/demo.log"); do sleep 1; done
prom_port=$(free_port)
{
  echo "global: {scrape_interval: 5s, evaluation_interval: 15s}"
  echo "rule_files:"
  for f in "$root"/deploy/prometheus/rules/*.rules.yml; do echo "  - $f"; done
  echo "scrape_configs: [{job_name: segmon, static_configs: [{targets: ['127.0.0.1:$port']}]}]"
} >"$work/prometheus.yml"
prometheus --config.file="$work/prometheus.yml" --storage.tsdb.path="$work/tsdb" \
  --web.listen-address="127.0.0.1:$prom_port" >"$work/prometheus.log" 2>&1 &
pids+=($!)
echo "demo metrics on $port, prometheus on $prom_port, reference delay $delay"
declare -A first
while :; do
  now=$(( $(date +%s) - start ))
  firing=$(curl -s "http://127.0.0.1:$prom_port/api/v1/query" --data-urlencode \
    'query=ALERTS{alertstate="firing",alertname=~"SegmonOverSegmentation(Estimated)?OutOfBand"}' |
    python3 -c 'import json,sys; [print(r["metric"]["alertname"]+"/"+r["metric"]["model"]) for r in json.load(sys.stdin)["data"]["result"]]' 2>/dev/null || true)
  for key in $firing; do
    if [ -z "${first[$key]:-}" ]; then
      first[$key]=$now
      printf '%-50s first firing %5d s (%.1f min) after the demo started\n' "$key" "$now" "$(echo "$now/60" | bc -l)"
    fi
  done
  est="${first[SegmonOverSegmentationEstimatedOutOfBand/regressing]:-}"
  ref="${first[SegmonOverSegmentationOutOfBand/regressing]:-}"
  if [ -n "$est" ] && [ -n "$ref" ]; then
    printf 'N = %.1f min (early alert before the reference-based one, for regressing)\n' "$(echo "($ref-$est)/60" | bc -l)"
    break
  fi
  if [ "$now" -gt "$limit" ]; then echo "limit reached"; break; fi
  sleep 15
done
for key in SegmonOverSegmentationEstimatedOutOfBand/healthy SegmonOverSegmentationOutOfBand/healthy; do
  echo "$key: ${first[$key]:-never fired}"
done
tail -4 "$work/demo.log"
