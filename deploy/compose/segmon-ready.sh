#!/bin/bash
# Container healthcheck: exit 0 only when GET /ready on the metrics port answers 200 (Kafka Streams
# RUNNING, the broker reachable or not). Plain bash (/dev/tcp): the JRE image has no curl or wget.
port="${SEGMON_METRICS_PORT:-9464}"
exec 3<>"/dev/tcp/127.0.0.1/$port" || exit 1
printf 'GET /ready HTTP/1.0\r\nHost: localhost\r\n\r\n' >&3
read -r -t 5 status_line <&3 || exit 1
[[ "$status_line" == *" 200 "* ]]
