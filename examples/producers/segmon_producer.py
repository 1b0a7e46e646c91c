#!/usr/bin/python3
"""Send recognizer output and references to segmon's input topics (docs/contract.md 3.1).

    segmon_producer.py --bootstrap-servers HOST:PORT hyp --model NAME RESULT.json...
    segmon_producer.py --bootstrap-servers HOST:PORT ref REFERENCE.jsonl...

`hyp` reads openai-whisper / WhisperX result JSON (`segments[].words[]` with `word`, `start`,
`end`; one file per utterance, id = file name without `.json`) and sends one `words` message per
segment, then an `end` (with `duration` when known, and `reference` with `--declare expected|none`:
whether a reference will follow). `ref` reads segmon's JSONL reference lines
(`{"id": .., "segments": [{"start", "end", "label"}]}` or `{"id": .., "boundaries": [..]}`) and
sends each utterance as one message with `final: true`. Needs confluent-kafka only.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any, Iterable, Iterator

from confluent_kafka import Producer

Event = dict[str, Any]


class InputError(Exception):
    """Bad input: reported as one `file:line: problem` line, exit code 2 (as segmon's CLI)."""


def _time(value: Any, where: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value < float("inf"):
        raise InputError(f"{where} must be a number >= 0, not {value!r}")
    return float(value)


def _array(value: Any, where: str) -> list[Any]:
    if not isinstance(value, list):
        raise InputError(f"{where} must be an array")
    return value


def whisper_words(result: dict[str, Any], where: str) -> list[list[dict[str, Any]]]:
    """The timed words of a Whisper result, one list per segment (words WhisperX could not align, without times, are left out)."""
    segments = result.get("segments")
    if not isinstance(segments, list):
        raise InputError(f"{where}: no segments[] (a Whisper result JSON, transcribed with word_timestamps=True)")
    out = []
    for i, segment in enumerate(segments):
        words = segment.get("words") if isinstance(segment, dict) else None
        if not isinstance(words, list):
            raise InputError(f"{where}: segment {i} has no words[] (transcribe with word_timestamps=True)")
        timed = []
        for w in words:
            if not isinstance(w, dict) or "start" not in w or "end" not in w:
                continue
            start, end = _time(w["start"], f"{where}: segment {i} word start"), _time(w["end"], f"{where}: segment {i} word end")
            if end < start:
                raise InputError(f"{where}: segment {i} word ends before it starts ({start} > {end})")
            # Whisper's words carry their leading space (" hello").
            timed.append({"start": start, "end": end, "word": str(w.get("word", "")).strip()})
        if timed:
            out.append(sorted(timed, key=lambda w: (w["start"], w["end"], w["word"])))
    return sorted(out, key=lambda ws: ws[0]["start"])


def hypothesis_events(utterance: str, model: str, tier: str, segments: list[list[dict[str, Any]]],
                      duration: float | None, declare: str | None = None) -> Iterator[Event]:
    """A `words` message per segment in time order, then the `end` (contract 3.1), declaring its reference if asked."""
    head = {"utterance": utterance, "model": model, "tier": tier}
    for words in segments:
        yield {**head, "words": words}
    yield {**head, "end": True, **({"duration": duration} if duration is not None else {}),
           **({"reference": declare} if declare is not None else {})}


def reference_event(line: dict[str, Any], tier: str, where: str) -> Event:
    """One JSONL reference line as one final reference message; boundaries become the segments between them."""
    utterance = line.get("id")
    if isinstance(utterance, int) and not isinstance(utterance, bool):
        utterance = str(utterance)  # as segmon's JSONL reader: an integer id is read as its digits
    if not isinstance(utterance, str) or not utterance:
        raise InputError(f"{where}: missing \"id\"")
    if "segments" in line and "boundaries" in line:
        raise InputError(f"{where}: both \"segments\" and \"boundaries\"")
    if "segments" in line:
        segments = []
        for i, s in enumerate(_array(line["segments"], f"{where}: segments")):
            if not isinstance(s, dict):
                raise InputError(f"{where}: segment {i} is not an object")
            start, end = _time(s.get("start"), f"{where}: segment {i} start"), _time(s.get("end"), f"{where}: segment {i} end")
            if end < start:
                raise InputError(f"{where}: segment {i} ends before it starts ({start} > {end})")
            label = s.get("label") or ""
            if not isinstance(label, str):
                raise InputError(f"{where}: segment {i} label must be a string")
            segments.append({"start": start, "end": end, "label": label})
    elif "boundaries" in line:
        times = sorted({_time(t, f"{where}: boundary") for t in _array(line["boundaries"], f"{where}: boundaries")})
        pairs = zip(times, times[1:]) if len(times) != 1 else [(times[0], times[0])]
        segments = [{"start": a, "end": b, "label": ""} for a, b in pairs]
    else:
        raise InputError(f"{where}: missing \"segments\" or \"boundaries\"")
    return {"utterance": utterance, "tier": tier, "segments": segments, "final": True}


def read_hypotheses(paths: Iterable[Path], model: str, tier: str, utterance: str | None,
                    duration: float | None, declare: str | None = None) -> Iterator[Event]:
    for path in paths:
        try:
            result = json.loads(path.read_text(encoding="utf-8"))
        except json.JSONDecodeError as e:
            raise InputError(f"{path}:{e.lineno}: malformed JSON: {e.msg}") from e
        if not isinstance(result, dict):
            raise InputError(f"{path}:1: not a JSON object")
        known = duration if duration is not None else result.get("duration")
        if known is not None:
            known = _time(known, f"{path}: duration")
        yield from hypothesis_events(utterance or path.stem, model, tier, whisper_words(result, f"{path}:1"), known, declare)


def read_references(paths: Iterable[Path], tier: str) -> Iterator[Event]:
    for path in paths:
        with path.open(encoding="utf-8") as lines:
            for n, text in enumerate(lines, 1):
                if not text.strip():
                    continue
                try:
                    line = json.loads(text)
                except json.JSONDecodeError as e:
                    raise InputError(f"{path}:{n}: malformed JSON: {e.msg}") from e
                if not isinstance(line, dict):
                    raise InputError(f"{path}:{n}: not a JSON object")
                yield reference_event(line, tier, f"{path}:{n}")


def producer(bootstrap_servers: str, extra: dict[str, str]) -> Producer:
    return Producer({
        "bootstrap.servers": bootstrap_servers,
        # librdkafka's default partitioner (consistent_random) hashes keys with CRC32; Java clients,
        # Kafka Streams among them, use murmur2. The monitor joins an utterance's hypothesis and
        # reference by partition, so every producer of its topics must place a key as Java does.
        "partitioner": "murmur2_random",
        "enable.idempotence": True,  # acks=all; a retried batch is neither duplicated nor reordered
        "linger.ms": 10,
        **extra,
    })


def send(p: Producer, topic: str, events: Iterable[Event]) -> int:
    """Produces each event keyed by its utterance id; returns how many. Delivery errors surface at flush."""
    failures: list[str] = []

    def delivered(err: Any, _msg: Any) -> None:
        if err is not None:
            failures.append(str(err))

    n = 0
    for event in events:
        value = json.dumps(event, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
        while True:
            try:
                p.produce(topic, value=value, key=event["utterance"].encode("utf-8"), on_delivery=delivered)
                break
            except BufferError:  # local queue full: let deliveries drain it
                p.poll(0.1)
        p.poll(0)
        n += 1
    if p.flush(60) > 0:
        failures.append("not every message was delivered within 60 s")
    if failures:
        raise RuntimeError(f"Kafka did not accept a message: {failures[0]}")
    return n


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bootstrap-servers", required=True, metavar="HOST:PORT")
    parser.add_argument("--tier", default="word", help="tier of the messages (default: word)")
    parser.add_argument("--producer-property", action="append", default=[], metavar="KEY=VALUE",
                        help="extra librdkafka setting, e.g. security.protocol=SSL (repeatable)")
    sides = parser.add_subparsers(dest="side", required=True)
    hyp = sides.add_parser("hyp", help="Whisper / WhisperX result JSON, one file per utterance")
    hyp.add_argument("--model", required=True, help="model name put in every message")
    hyp.add_argument("--utterance", help="utterance id (one file only; default: the file name without .json)")
    hyp.add_argument("--duration", type=float, help="seconds of audio decoded, sent with the end (default: the result's "
                                                    "top-level 'duration' if any, else none)")
    hyp.add_argument("--declare", choices=["expected", "none"],
                     help="declare on each end whether a reference will follow (default: nothing declared)")
    hyp.add_argument("--topic", default="segmon.hypotheses")
    hyp.add_argument("files", nargs="+", type=Path)
    ref = sides.add_parser("ref", help="segmon JSONL reference lines")
    ref.add_argument("--topic", default="segmon.references")
    ref.add_argument("files", nargs="+", type=Path)
    args = parser.parse_args(argv)
    if args.side == "hyp" and args.utterance and len(args.files) > 1:
        parser.error("--utterance names the utterance of one file only")
    if any("=" not in kv for kv in args.producer_property):
        parser.error("--producer-property takes KEY=VALUE")
    extra = dict(kv.split("=", 1) for kv in args.producer_property)
    try:
        events = list(read_hypotheses(args.files, args.model, args.tier, args.utterance, args.duration, args.declare)
                      if args.side == "hyp" else read_references(args.files, args.tier))
    except InputError as e:
        print(e, file=sys.stderr)
        return 2
    except OSError as e:
        print(f"{e.filename}: {e.strerror}", file=sys.stderr)
        return 2
    try:
        n = send(producer(args.bootstrap_servers, extra), args.topic, events)
    except RuntimeError as e:
        print(f"segmon_producer: {e}", file=sys.stderr)
        return 1
    print(f"sent {n} messages to {args.topic}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
